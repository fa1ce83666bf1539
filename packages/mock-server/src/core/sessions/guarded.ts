/** `controls` whose every property first calls `check` (which throws, or counts as a use). */
export function guarded<T extends object>(controls: T, check: () => void): T {
  return new Proxy(controls, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value === 'function') {
        return (...args: unknown[]) => {
          check();
          return Reflect.apply(value, target, args) as unknown;
        };
      }
      check();
      return value;
    },
  });
}
