// pnpm pack:all [FOLDER]: the three packages as tarballs (as npm would publish
// them) in FOLDER (default: tarballs/ in the clone), and the npm commands that
// install them, until they are on the registry. After pnpm build; the packing
// is test:packed's own (test/packed/pack-packages.mjs), which then installs
// the tarballs exactly as printed here.
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackages } from '../test/packed/pack-packages.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// `pnpm pack:all DIR` runs in the clone's root: DIR is read from where the user typed it.
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? join(repoRoot, 'tarballs'));
mkdirSync(destination, { recursive: true });

let tarballs;
try {
  tarballs = await packPackages(repoRoot, destination, 60_000);
} catch (error) {
  console.error(`pack:all: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const at = (name) => tarballs.get(name);
console.log(`Packed into ${destination}:`);
for (const path of tarballs.values()) console.log(`  ${basename(path)}`);
console.log(`
Install them with npm, from your project:
  npm install ${at('@petstore/sdk')}
  npm install -D ${at('@petstore/mock-server')}   # after the SDK's tarball: it depends on @petstore/sdk
  npm install -g ${at('@petstore/cli')}   # self-contained`);
