/**
 * Runs `work` on the items in order, at most `limit` at once, and resolves
 * once every started item has finished. Once `stopped()` is true no item is
 * started (the ones running finish). Returns how many items were started:
 * `items.slice(started)` never were. `work` must not throw: a failed item is
 * its result, not the pool's failure.
 */
export async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, stopped: () => boolean): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return next;
}
