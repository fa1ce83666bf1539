import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';

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

/** A refused request as the session's journal lists it (`GET …/__admin/requests?refused=true`). */
interface Refused {
  method: string;
  path: string;
  status: number;
  error: { code: string; message: string };
}

/**
 * This test file's own session of the mock server, named after its path
 * (`/sessions/a-pets-61786ec4/v1`): its store is emptied before each test, a
 * test fails if the mock refused one of its requests, and the session ends
 * after the file.
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
  // A request the contract refused fails the test that sent it, even if the app swallowed the 400.
  afterEach(async () => {
    const refused = (await (await fetch(`${session.admin}/requests?refused=true`, { headers })).json()) as Refused[];
    if (refused.length > 0) throw new Error(`the mock refused:\n${refused.map(({ method, path, status, error }) => `  ${method} ${path} → ${status} ${error.code}: ${error.message}`).join('\n')}`);
  });
  afterAll(async () => {
    const ended = await fetch(`${origin}/__admin/sessions/${name}`, { method: 'DELETE', headers });
    if (ended.status !== 204) throw new Error(`ending session ${name} failed: ${ended.status}`);
  });
  return session;
}
