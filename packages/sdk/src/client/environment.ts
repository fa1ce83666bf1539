/** The runtime's `process` where there is one (Node.js, Bun, Deno); undefined in browsers and workers. No `node:` import. */
export const runtimeProcess = ():
  | { env?: Record<string, string | undefined>; emitWarning?: (message: string, type: string, code: string) => void }
  | undefined => (globalThis as { process?: ReturnType<typeof runtimeProcess> }).process;

/** An environment variable where the runtime has `process.env`; empty counts as unset. */
export function readEnvironment(name: string): string | undefined {
  return runtimeProcess()?.env?.[name] || undefined;
}
