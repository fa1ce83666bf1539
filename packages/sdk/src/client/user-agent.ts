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
export function userAgentHeader(application: string | undefined): { 'user-agent'?: string } {
  const { Deno, Bun, process } = globalThis as RuntimeGlobals;
  const runtime = Deno?.version?.deno
    ? `deno/${Deno.version.deno}`
    : Bun?.version
      ? `bun/${Bun.version}`
      : process?.versions?.node && `node/${process.versions.node}`;
  // The application's product token first, as browsers put theirs before the engine's.
  return runtime ? { 'user-agent': `${application ? `${application} ` : ''}petstore-sdk/${__SDK_VERSION__} (${runtime})` } : {};
}
