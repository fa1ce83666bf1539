/**
 * What a command opened that would keep the process alive once it is done
 * (the connections of a proxyFetch: one to a proxy that never answers stays
 * open for minutes). run() closes them when the command has finished, so that
 * `petstore` exits as soon as it has given its result.
 */
const closers = new Set<() => Promise<void>>();

/** Has `close` called when the command is done. */
export function closeWhenDone(close: () => Promise<void>): void {
  closers.add(close);
}

/** Closes everything commands opened (see closeWhenDone); a failure to close changes nothing of the result. */
export async function closeOpened(): Promise<void> {
  const all = [...closers];
  closers.clear();
  await Promise.allSettled(all.map((close) => close()));
}
