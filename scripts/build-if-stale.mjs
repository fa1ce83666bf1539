// Runs `pnpm run build` unless the last build's output is still current, so
// that a warm ./scripts/start.sh starts at once. "Current" is decided by
// content, never by dates: the record of the last build (node_modules/
// .petstore-build-stamp.json) holds a hash of every input file as read before
// that build and of every file under each package's dist/ after it. A build is
// skipped only when every input and every dist/ file hashes the same today: an
// edited, added or deleted source, a changed config or lockfile, a dist/ that a
// later build (finished or not) rewrote, all rebuild. A failed build leaves no
// record.
//
// Inputs: the root files below, and every file of each workspace package
// (pnpm-workspace.yaml's `- folder/*` entries) outside node_modules/, dist/,
// test/, Markdown files and dot-files (test scratch folders): no build reads them.
// A file the build itself writes among them (the example app's `msw init public`
// worker) is recorded as the build left it, when git ignores it: otherwise the
// next run would see it changed and build again. A file git does not ignore that
// changed during the build was edited meanwhile, and is recorded as before it.
//
//   node scripts/build-if-stale.mjs   prints why it builds, or that the build is up to date
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampPath = join(root, 'node_modules', '.petstore-build-stamp.json');
const rootInputs = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json', 'tsconfig.json'];
const skipped = new Set(['node_modules', 'dist', 'test']);

const say = (text) => process.stderr.write(`\u001b[2m[build]\u001b[0m ${text}\n`);

/** The workspace's package folders, relative to the root. */
function packageFolders() {
  const folders = [];
  for (const line of readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    const entry = /^\s+-\s+['"]?([\w./-]+?)\/\*['"]?\s*$/.exec(line)?.[1];
    if (entry === undefined || !existsSync(join(root, entry))) continue;
    for (const name of readdirSync(join(root, entry)).sort()) {
      if (existsSync(join(root, entry, name, 'package.json'))) folders.push(`${entry}/${name}`);
    }
  }
  return folders;
}

/** Every file under `dir` (relative to the root) with its hash, in `into`. */
function hashTree(dir, into, skip) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return; // absent: recorded as no files
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() && !skip(entry.name)) hashTree(path, into, skip);
    else if (entry.isFile() && !skip(entry.name)) into[path] = createHash('sha256').update(readFileSync(join(root, path))).digest('hex');
  }
}

function inputs() {
  const hashes = {};
  for (const file of rootInputs) {
    if (existsSync(join(root, file))) hashes[file] = createHash('sha256').update(readFileSync(join(root, file))).digest('hex');
  }
  for (const folder of packageFolders()) hashTree(folder, hashes, (name) => skipped.has(name) || name.startsWith('.') || name.endsWith('.md'));
  return hashes;
}

function outputs() {
  const hashes = {};
  for (const folder of packageFolders()) hashTree(`${folder}/dist`, hashes, () => false);
  return hashes;
}

/** The first difference between two records, in words, or undefined when they are the same. */
function difference(before, now, what) {
  for (const path of Object.keys(now)) {
    if (!(path in before)) return `${path} is new since the last build`;
    if (before[path] !== now[path]) return `${path} changed since the last build`;
  }
  for (const path of Object.keys(before)) {
    if (!(path in now)) return `${path} is gone since the last build`;
  }
  return Object.keys(now).length === 0 ? `no ${what}` : undefined;
}

function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    return typeof stamp?.inputs === 'object' && typeof stamp?.outputs === 'object' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

const before = inputs();
const stamp = readStamp();
const reason = stamp === undefined ? 'no record of a build' : (difference(stamp.inputs, before, 'sources') ?? difference(stamp.outputs, outputs(), 'dist/ files'));
if (reason === undefined) {
  say('the build is up to date (pnpm run build to build anyway)');
  process.exit(0);
}
say(`building: ${reason}`);
rmSync(stampPath, { force: true });
// Quiet unless it fails: then its whole output.
const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  if (build.error) say(`could not run pnpm: ${build.error.message}`);
  say('pnpm run build failed: its output is above');
  process.exit(build.status ?? 1);
}
/** Whether git ignores `path` (relative to the root): a file the build generates. Without git, no. */
const ignoredByGit = (path) => spawnSync('git', ['check-ignore', '--quiet', '--', path], { cwd: root }).status === 0;
const after = inputs();
const generated = Object.keys(after).filter((path) => after[path] !== before[path] && ignoredByGit(path));
const recorded = { ...before, ...Object.fromEntries(generated.map((path) => [path, after[path]])) };
writeFileSync(stampPath, `${JSON.stringify({ inputs: recorded, outputs: outputs() })}\n`);
