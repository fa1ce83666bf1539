import { ADMIN_FAULTS_PATH, ADMIN_REQUESTS_PATH, ADMIN_RESET_PATH, BASE_PATH } from '../core/index.js';
import { DOCS_PATH } from './docs-page.js';
import type { StaticResponse } from './docs-page.js';

/**
 * What `GET /` answers, without a key: where to go, for whoever opens the
 * server's root (a 401 there told a new user nothing). Paths, not addresses:
 * they hold whatever name the server was reached by.
 */
const INDEX = JSON.stringify({
  name: 'petstore-mock',
  description: 'The Animal Store API, served by petstore-mock. Send Authorization: Bearer <API_KEY> to the API and the admin API.',
  api: BASE_PATH,
  openapi: `${BASE_PATH}/openapi.json`,
  docs: DOCS_PATH,
  admin: [ADMIN_RESET_PATH, ADMIN_FAULTS_PATH, ADMIN_REQUESTS_PATH],
});

/** The answer to `GET /` or `HEAD /`; undefined for anything else. */
export function serverIndex(method: string, path: string): StaticResponse | undefined {
  if (path !== '/' || (method !== 'GET' && method !== 'HEAD')) return undefined;
  return { status: 200, headers: { 'content-type': 'application/json' }, body: INDEX };
}
