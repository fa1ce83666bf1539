// Install scripts in a consumer's node_modules: the hooks npm runs on install
// (preinstall, install, postinstall, and node-gyp for a binding.gyp), both
// everywhere in an install and in what our packages alone bring in.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const HOOKS = ['preinstall', 'install', 'postinstall'];

/** `{ name, version, dir, hooks }` for one installed package; `hooks` lists what npm runs on install. */
export function readInstallHooks(packageDir) {
  const manifest = readManifest(packageDir);
  const scripts = manifest.scripts ?? {};
  const hooks = HOOKS.filter((hook) => scripts[hook]).map((hook) => `${hook}: ${scripts[hook]}`);
  // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install hook of its own.
  if (!scripts.install && !scripts.preinstall && existsSync(join(packageDir, 'binding.gyp'))) {
    hooks.push('install: node-gyp rebuild (binding.gyp)');
  }
  return { name: manifest.name, version: manifest.version, dir: packageDir, hooks };
}

/** Every package installed under a node_modules folder, nested ones included. */
export function listInstalledPackages(nodeModules) {
  const found = [];
  const visit = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith('.')) continue; // .bin, .package-lock.json
      const dir = join(folder, entry);
      if (!statSync(dir).isDirectory()) continue;
      if (entry.startsWith('@')) {
        visit(dir);
        continue;
      }
      if (existsSync(join(dir, 'package.json'))) found.push(dir);
      visit(join(dir, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

/**
 * The packages that `roots` bring into an install: their dependencies,
 * optional dependencies that arrived, and peers that are not optional (npm
 * installs those), transitively, each found as Node.js would find it from its
 * dependent, without leaving `installRoot`.
 */
export function dependencyClosure(roots, installRoot) {
  const closure = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const dir = realpathSync(pending.pop());
    if (closure.has(dir)) continue;
    closure.add(dir);
    const manifest = readManifest(dir);
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    const names = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {}), ...peers]);
    for (const name of names) {
      const found = findPackage(dir, name, installRoot);
      if (found) pending.push(found);
    }
  }
  return [...closure];
}

function findPackage(fromDir, name, installRoot) {
  for (let dir = fromDir; !relative(installRoot, dir).startsWith('..'); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) break;
  }
  return undefined;
}

function readManifest(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/**
 * The check: lists every installed package with an install hook in each tree
 * (`{ label, root, ours }`, `ours` naming our packages installed under
 * root/node_modules), and fails if any of them is ours or comes with ours.
 */
export function checkInstallScripts(report, name, trees) {
  return report.check(name, (note) => {
    const offenders = new Set();
    let withHooks = 0;
    for (const { label, root, ours } of trees) {
      const nodeModules = join(root, 'node_modules');
      const broughtBy = new Map();
      for (const ourName of ours) {
        for (const dir of dependencyClosure([join(nodeModules, ourName)], root)) broughtBy.set(dir, [...(broughtBy.get(dir) ?? []), ourName]);
      }
      for (const dir of listInstalledPackages(nodeModules)) {
        const { name: installed, version, hooks } = readInstallHooks(dir);
        if (hooks.length === 0) continue;
        withHooks += 1;
        const by = broughtBy.get(realpathSync(dir));
        note(`${label}: ${installed}@${version} has ${hooks.join('; ')} (${by ? `brought by ${by.join(', ')}` : 'not from our packages'})`);
        if (by) offenders.add(`${installed}@${version} (brought by ${by.join(', ')})`);
      }
    }
    if (withHooks === 0) note(`no installed package has an install script (${trees.map(({ label }) => label).join(', ')})`);
    if (offenders.size > 0) throw new Error(`our packages bring in install scripts: ${[...offenders].join(', ')}`);
  });
}
