import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the API reference lives: outside /v1, no key needed. */
export const DOCS_PATH = '/docs';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Animal Store API reference</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="reference"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// Separate from the page, so that a Content-Security-Policy without inline scripts allows it.
// This server is the only one listed (relative: whatever port serves the page), so "Try it out"
// talks to it, never to a placeholder host or another mock on 127.0.0.1:4010, which CORS would let it reset.
const INIT = `fetch('/v1/openapi.json')
  .then((response) => response.json())
  .then((spec) => {
    spec.servers = [{ url: '/v1', description: 'This mock server (petstore-mock)' }];
    window.ui = SwaggerUIBundle({
      spec,
      dom_id: '#reference',
      deepLinking: true,
      docExpansion: 'list',
      // Validation would send the document to a public validator: this page stays offline.
      validatorUrl: null,
    });
  });
`;

/** The Swagger UI files served from dist/swagger-ui, with their media types. A Map: `constructor` is no asset. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

const NOT_FOUND = JSON.stringify({ code: 'route_not_found', message: 'No such file of the API reference', status: 404 });

export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/**
 * The API reference page at /docs: Swagger UI rendering the server's own
 * OpenAPI document, every asset from this package's dist/swagger-ui (copied
 * from swagger-ui-dist at build time), nothing from a CDN, so it works offline.
 * Returns undefined for paths it does not own and methods other than GET and
 * HEAD; a name under /docs/ it does not serve is a 404.
 */
export function createDocsPage(): (method: string, path: string) => Promise<StaticResponse | undefined> {
  const assetDir = swaggerUiDir();
  const cache = new Map<string, Buffer>();
  return async (method, path) => {
    if (path !== DOCS_PATH && !path.startsWith(`${DOCS_PATH}/`)) return undefined;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (path === DOCS_PATH || path === `${DOCS_PATH}/`) {
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, body: PAGE };
    }
    const name = path.slice(DOCS_PATH.length + 1);
    if (name === 'init.js') return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: INIT };
    const type = ASSETS.get(name);
    if (!type) return { status: 404, headers: { 'content-type': 'application/json' }, body: NOT_FOUND };
    let body = cache.get(name);
    if (!body) {
      body = await readAsset(assetDir, name);
      cache.set(name, body);
    }
    return { status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' }, body };
  };
}

/**
 * dist/swagger-ui of this package, found through the package's own name: the
 * same folder whether this code runs from dist (a chunk at its top) or from src.
 */
function swaggerUiDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@petstore/mock-server/package.json')), 'dist', 'swagger-ui');
}

async function readAsset(dir: string, name: string): Promise<Buffer> {
  try {
    return await readFile(join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`${join(dir, name)} is missing: the mock server's build copies Swagger UI there (pnpm build)`, { cause: error });
  }
}
