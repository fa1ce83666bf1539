import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterAll, beforeEach, inject } from 'vitest';

/**
 * A test file's session name, `a/pets.test.ts` → `a-pets-61786ec4`: its path from
 * the project root in the letters, digits, `_` and `-` a session name allows, cut
 * to fit 64 with a hash of the path, so that `a/pets.test.ts` and
 * `b/pets.test.ts`, or two long paths cut alike, never share a session.
 */
function sessionName(fileUrl: string): string {
  const path = relative(process.cwd(), fileURLToPath(fileUrl));
  const hash = createHash('sha256').update(path).digest('hex').slice(0, 8);
  return `${path.replace(/\.test\.ts$/, '').replaceAll(/[^\w-]/g, '-').slice(0, 55)}-${hash}`;
}

/**
 * This test file's own session of the mock server, named after its path
 * (`/sessions/a-pets-61786ec4/v1`): its store is emptied before each test,
 * and the session ends after the file.
 */
export function useFileSession(fileUrl: string): { url: string; admin: string } {
  const name = sessionName(fileUrl);
  const origin = inject('mockOrigin');
  const session = { url: `${origin}/sessions/${name}/v1`, admin: `${origin}/sessions/${name}/__admin` };
  const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

  beforeEach(async () => {
    const reset = await fetch(`${session.admin}/reset`, { method: 'POST', headers, body: '{"seed":0}' });
    if (!reset.ok) throw new Error(`resetting session ${name} failed: ${reset.status} ${await reset.text()}`);
  });
  afterAll(async () => {
    const ended = await fetch(`${origin}/__admin/sessions/${name}`, { method: 'DELETE', headers });
    if (ended.status !== 204) throw new Error(`ending session ${name} failed: ${ended.status}`);
  });
  return session;
}
