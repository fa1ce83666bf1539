// A consumer project from a fixture: copied into a fresh folder outside the
// workspace, its placeholder versions filled in (npm installs it afterwards).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** In a fixture's package.json: our package, installed from its tarball. */
const PACKED = '<packed>';
/** In a fixture's package.json: a third-party package, at the version the workspace's lockfile resolved. */
const WORKSPACE = '<workspace>';

/**
 * Copies `fixtureDir` to `projectDir` and rewrites its package.json: `<packed>`
 * becomes `file:<tarball>`, `<workspace>` the exact version from the lockfile.
 */
export function copyFixture(fixtureDir, projectDir, { tarballs, versions }) {
  cpSync(fixtureDir, projectDir, { recursive: true });
  const manifestPath = join(projectDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      manifest[field][name] = resolveRange(name, range, { tarballs, versions });
    }
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function resolveRange(name, range, { tarballs, versions }) {
  if (range === PACKED) {
    const tarball = tarballs.get(name);
    if (!tarball) throw new Error(`${name} is "${PACKED}" in a fixture, but it is not one of the packed packages`);
    return `file:${tarball}`;
  }
  if (range === WORKSPACE) {
    const version = versions.get(name);
    if (!version) throw new Error(`${name} is "${WORKSPACE}" in a fixture, but pnpm-lock.yaml does not list it`);
    return version;
  }
  return range;
}
