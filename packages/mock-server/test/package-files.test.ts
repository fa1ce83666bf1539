/**
 * The Swagger UI files /docs serves ship in dist/ (copied at build time), with
 * their licence notices. What every package holds is checked in the root
 * test/package-files.test.ts; that a consumer's install runs no install script,
 * from the packed tarballs by `pnpm test:packed`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as Record<string, unknown>;

describe('the @petstore/mock-server package', () => {
  it('ships the Swagger UI files /docs serves, with Swagger UI\'s LICENSE and NOTICE, instead of depending on swagger-ui-dist', () => {
    for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png', 'swagger-ui-bundle.js.LICENSE.txt', 'LICENSE', 'NOTICE']) {
      expect(existsSync(new URL(`dist/swagger-ui/${name}`, packageDir)), name).toBe(true);
    }
    expect(readFileSync(new URL('dist/swagger-ui/NOTICE', packageDir), 'utf8')).toContain('swagger-ui');
    expect(readFileSync(new URL('dist/swagger-ui/LICENSE', packageDir), 'utf8')).toContain('Apache License');
    expect(Object.keys(manifest.dependencies as Record<string, string>)).not.toContain('swagger-ui-dist');
  });
});
