import { ConfigurationError } from './errors/configuration-error.js';

/** The SDK's version, written in by the build from package.json (tsup.config.ts `define`). */
declare const __SDK_VERSION__: string;

interface RuntimeGlobals {
  Deno?: { version?: { deno?: string } };
  Bun?: { version?: string };
  process?: { versions?: { node?: string } };
}

/**
 * The User-Agent header in a server runtime: `petstore-sdk/0.3.0 (node/26.10.0)`,
 * `(bun/1.3.2)` or `(deno/2.5.6)`, after the `application`'s token if given
 * (`petstore-cli/0.3.0 petstore-sdk/0.3.0 (node/26.10.0)`). The runtime is told
 * by its globals, not `node:` imports, Deno and Bun first: both also have
 * `process.versions.node`. No header where none of the three is found: a
 * page's fetch sends the browser's own. Browser bundles get
 * runtime-browser.ts's instead (package.json `imports`, `#runtime`).
 */
export function userAgentHeader(application: string | undefined, headers?: Record<string, string>): { 'user-agent'?: string } {
  checkUserAgent(application);
  // A User-Agent of the caller's `headers`, in any case, replaces the SDK's (both would be sent, joined by a comma), as openai-node's does.
  if (Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'user-agent')) return {};
  const { Deno, Bun, process } = globalThis as RuntimeGlobals;
  const runtime = Deno?.version?.deno
    ? `deno/${Deno.version.deno}`
    : Bun?.version
      ? `bun/${Bun.version}`
      : process?.versions?.node && `node/${process.versions.node}`;
  // The application's product token first, as browsers put theirs before the engine's.
  return runtime ? { 'user-agent': `${application ? `${application} ` : ''}petstore-sdk/${__SDK_VERSION__} (${runtime})` } : {};
}

/**
 * The `userAgent` option, checked when the client is made as the other
 * options are: text a header can carry (printable ASCII, spaces only inside), not
 * a TypeError from fetch at the first call. Browsers ignore the option
 * (runtime-browser.ts), and so do not check it.
 */
function checkUserAgent(application: unknown): void {
  if (application !== undefined && (typeof application !== 'string' || !/^[\x20-\x7e]*$/.test(application) || application.trim() !== application)) {
    const got = typeof application === 'string' ? JSON.stringify(application) : typeof application;
    throw new ConfigurationError(`userAgent must be a product token such as "my-app/1.2" (printable ASCII), got ${got}`);
  }
}
