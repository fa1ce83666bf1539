// The exact versions the workspace resolved for its third-party packages, read
// from pnpm-lock.yaml, so that the consumer projects install what the
// workspace builds and tests with (and the npm cache stays warm across runs).
import { readFileSync } from 'node:fs';

/**
 * Maps each package name in the lockfile's `importers` to the version it
 * resolved to, the root importer first (the first one met wins). Links to
 * workspace packages are left out.
 */
export function readWorkspaceVersions(lockfilePath) {
  const versions = new Map();
  let inImporters = false;
  let dependency;
  for (const line of readFileSync(lockfilePath, 'utf8').split('\n')) {
    if (/^\S/.test(line)) inImporters = line === 'importers:';
    if (!inImporters) continue;
    // importers → "  <importer>:" → "    dependencies:" → "      <name>:" → "        version: <v>"
    const name = /^ {6}'?([^'\s:]+)'?:$/.exec(line)?.[1];
    if (name) dependency = name;
    const version = /^ {8}version: (\S+)$/.exec(line)?.[1];
    if (version && dependency && !version.startsWith('link:') && !versions.has(dependency)) {
      // "5.1.1(@types/node@24.19.2)(…)": the peers pnpm resolved it with are not part of the version.
      versions.set(dependency, version.replace(/\(.*$/, ''));
    }
  }
  return versions;
}
