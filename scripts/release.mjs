// Publishes the packages with Changesets, after checking exactly the tarballs it
// will upload.
//
//   pnpm release --dry-run   what would be published: the pending changesets and
//                            the versions and changelog entries they lead to, then
//                            a fresh build, publint, and the tarballs (files, sizes)
//                            checked by `npm publish --dry-run`. Uploads nothing.
//   pnpm release             the same checks, then `changeset publish` of those very
//                            tarballs, and git tags. Needs `npm login` (and a one-time
//                            password if the account has 2FA). Never in CI: it refuses
//                            when CI is set, with pending changesets or a dirty tree.
//
// The flow: `pnpm changeset` with each change; `pnpm changeset version` to bump and
// write the changelogs; review and commit; `pnpm release`; `git push --follow-tags`.
// The only network use is the npm registry: Changesets asks it which versions exist.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const changesetBin = createRequire(import.meta.url).resolve('@changesets/cli/bin.js');
/** Notes already printed: npm repeats its configuration warnings for every tarball. */
const noted = new Set();

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: pnpm release [--dry-run]\n\n--dry-run  show and check what would be published; upload nothing');
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== '--dry-run');
if (unknown.length > 0) fail(`unknown argument ${unknown.join(' ')} (usage: pnpm release [--dry-run])`);
const dryRun = args.includes('--dry-run');

if (!dryRun && process.env.CI) fail('pnpm release publishes to npm with a person\'s login: it never runs in CI (pnpm release --dry-run does)');

heading('Pending changesets (changeset status --verbose)');
// Exits 1 when a changed package has no changeset: shown, not fatal.
run('changeset', ['status', '--verbose'], { allowFailure: true });
const pending = pendingChangesets();
if (pending.length > 0) {
  if (!dryRun) fail(`${pending.length} changesets are not versioned yet: run pnpm changeset version, review and commit, then pnpm release`);
  heading('After pnpm changeset version (previewed in a scratch copy)');
  previewVersion();
  note('The tarballs below carry the versions in the tree now. A release runs `pnpm changeset version` and commits first.');
}

if (!dryRun) {
  const dirty = capture('git', ['status', '--porcelain']).stdout.trim();
  if (dirty) fail(`the working tree has uncommitted changes; publish only what is committed:\n${dirty}`);
  const whoami = capture('npm', ['whoami']);
  if (whoami.status !== 0) fail('not logged in to the npm registry: run npm login first');
  note(`publishing as ${whoami.stdout.trim()}`);
}

heading('Build (pnpm build) and publint --strict');
run('pnpm', ['build'], { quiet: true });
run('pnpm', ['run', '--silent', 'publint']);

heading('Tarballs (changeset pack: the versions not yet in the registry)');
const packDir = mkdtempSync(join(tmpdir(), 'petstore-release-'));
run('changeset', ['pack', '--out-dir', packDir]);
const plan = JSON.parse(readFileSync(join(packDir, 'publish-plan.json'), 'utf8')).plan.flat();
const tarballs = plan.filter((release) => release.kind === 'publish');
const problems = [];
for (const release of tarballs) problems.push(...checkTarball(release, join(packDir, release.tarball.path)));
for (const release of plan.filter((r) => r.kind !== 'publish')) note(`${release.name}@${release.version}: already in the registry (${release.kind})`);

if (problems.length > 0) fail(`not publishable:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
if (tarballs.length === 0) {
  console.log('\nNothing to publish: every version is already in the registry.');
  process.exit(0);
}
if (dryRun) {
  console.log(`\nDry run: ${tarballs.map((r) => `${r.name}@${r.version}`).join(', ')} would be published. Nothing was uploaded.`);
  console.log(`The tarballs are in ${packDir}`);
  process.exit(0);
}

heading('Publish (changeset publish)');
run('changeset', ['publish', '--from-pack-dir', packDir]);
rmSync(packDir, { recursive: true, force: true });
console.log('\nPublished. Push the release tags: git push --follow-tags');

/** Lists a tarball's files and checks it as the registry will see it; returns what is wrong. */
function checkTarball(release, tarball) {
  const id = `${release.name}@${release.version}`;
  const found = [];
  const manifest = JSON.parse(capture('tar', ['-xzOf', tarball, 'package/package.json']).stdout);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith('workspace:')) found.push(`${id}: ${field}.${name} is still "${range}"`);
    }
  }
  if (manifest.scripts && ['preinstall', 'install', 'postinstall'].some((name) => manifest.scripts[name])) found.push(`${id}: has an install script`);

  // --json for the file list; the warnings still come on stderr.
  const result = capture('npm', ['publish', '--dry-run', '--json', tarball]);
  if (result.status !== 0) return [...found, `${id}: npm publish --dry-run exited ${result.status}\n${result.stderr}`];
  const report = JSON.parse(result.stdout)[release.name];
  console.log(`\n${id}  ${relative(packDir, tarball)}  ${kib(report.size)} packed, ${kib(report.unpackedSize)} unpacked, ${report.entryCount} files`);
  for (const file of report.files) console.log(`  ${kib(file.size).padStart(10)}  ${file.path}`);
  for (const line of result.stderr.split('\n').filter((text) => text.startsWith('npm warn'))) {
    // Without a login npm always says so; a setting in the user's own npmrc is no fault of the package.
    if (/requires you to be logged in/.test(line) && dryRun) continue;
    if (/Unknown (user|global|project|env|builtin) config/.test(line)) note(`npm: ${line.slice('npm warn '.length)}`);
    else found.push(`${id}: ${line}`);
  }
  if (found.length === 0) console.log('  npm publish --dry-run: clean');
  return found;
}

/** Runs `changeset version` on a copy of the manifests, changelogs and changesets, and prints what it wrote. */
function previewVersion() {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-version-'));
  try {
    for (const name of ['package.json', 'pnpm-workspace.yaml', '.changeset']) cpSync(join(root, name), join(scratch, name), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
    // Every workspace package, private ones too: Changesets reads the whole workspace.
    const workspace = JSON.parse(capture('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { check: true }).stdout).filter((pkg) => pkg.path !== root);
    for (const pkg of workspace) {
      const dir = relative(root, pkg.path);
      mkdirSync(join(scratch, dir), { recursive: true });
      for (const file of ['package.json', 'CHANGELOG.md']) if (existsSync(join(pkg.path, file))) cpSync(join(pkg.path, file), join(scratch, dir, file));
    }
    const packages = workspace.filter((pkg) => !pkg.private);
    capture(process.execPath, [changesetBin, 'version'], { cwd: scratch, check: true });
    for (const pkg of packages) {
      const dir = relative(root, pkg.path);
      const { version } = JSON.parse(readFileSync(join(scratch, dir, 'package.json'), 'utf8'));
      if (version === pkg.version) continue;
      console.log(`\n${pkg.name}: ${pkg.version} → ${version}  (${dir}/CHANGELOG.md gains:)\n`);
      const changelog = readFileSync(join(scratch, dir, 'CHANGELOG.md'), 'utf8');
      const start = changelog.search(/^## /m);
      const next = changelog.slice(start + 3).search(/^## /m);
      console.log(changelog.slice(start, next === -1 ? undefined : start + 3 + next).trimEnd().replace(/^/gm, '    '));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function pendingChangesets() {
  return readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
}

/** Runs a command with its output shown; `changeset` means the workspace's @changesets/cli. */
function run(command, commandArgs, { allowFailure = false, quiet = false } = {}) {
  const [file, fileArgs] = command === 'changeset' ? [process.execPath, [changesetBin, ...commandArgs]] : [command, commandArgs];
  const result = spawnSync(file, fileArgs, { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (result.status !== 0 && !allowFailure) fail(`${command} ${commandArgs.join(' ')} exited ${result.status}`);
  return result;
}

function capture(command, commandArgs, { cwd = root, check = false } = {}) {
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (check && result.status !== 0) fail(`${command} ${commandArgs.join(' ')} exited ${result.status}\n${result.stdout}${result.stderr}`);
  return result;
}

function kib(bytes) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function heading(text) {
  console.log(`\n== ${text}\n`);
}

function note(text) {
  if (noted.has(text)) return;
  noted.add(text);
  console.log(`note: ${text}`);
}

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}
