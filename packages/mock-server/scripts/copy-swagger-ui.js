// Copies the Swagger UI files that /docs serves into dist/swagger-ui, so that the
// published package carries them and does not depend on swagger-ui-dist: that
// package pulls in @scarf/scarf, whose install script reports every install to a
// third party. Run by `pnpm build`, after tsup has emptied dist.
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// What the page loads, the notices the bundle's banner points to
// (swagger-ui-bundle.js.LICENSE.txt), and swagger-ui's own LICENSE and NOTICE:
// Apache-2.0 §4(a) and §4(d) ask for both with every copy.
const FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'swagger-ui-bundle.js.LICENSE.txt', 'LICENSE', 'NOTICE'];

const source = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
const target = new URL('../dist/swagger-ui/', import.meta.url);
mkdirSync(target, { recursive: true });
let bytes = 0;
for (const name of FILES) {
  copyFileSync(join(source, name), new URL(name, target));
  bytes += statSync(new URL(name, target)).size;
}
console.log(`copied swagger-ui-dist ${version} (${FILES.length} files, ${(bytes / 1024).toFixed(0)} KiB) to dist/swagger-ui/`);
