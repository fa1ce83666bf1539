/** The runtime's `process` where there is one (Node.js, Bun, Deno); undefined in browsers and workers. No `node:` import. */
export const runtimeProcess = ():
  | { env?: Record<string, string | undefined>; emitWarning?: (message: string, type: string, code: string) => void }
  | undefined => (globalThis as { process?: ReturnType<typeof runtimeProcess> }).process;

/** An environment variable where the runtime has `process.env`; empty counts as unset. */
export function readEnvironment(name: string): string | undefined {
  return runtimeProcess()?.env?.[name] || undefined;
}

/**
 * A DeprecationWarning (`PETSTORE_GET_PET` for `getPet`; `--no-deprecation`
 * silences it) where the runtime has `process.emitWarning`; false elsewhere.
 */
export function emitDeprecationWarning(operationId: string, message: string): boolean {
  const process = runtimeProcess();
  if (typeof process?.emitWarning !== 'function') return false;
  process.emitWarning(message, 'DeprecationWarning', `PETSTORE_${operationId.replace(/[A-Z]/g, '_$&').toUpperCase()}`);
  return true;
}
