import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterAll, beforeEach, inject } from 'vitest';

/**
 * This test file's own session of the mock server, named after the file
 * (`pets.test.ts` → `/sessions/pets/v1`): its store is emptied before each
 * test, and the session ends after the file.
 */
export function useFileSession(fileUrl: string): { url: string; admin: string } {
  const name = basename(fileURLToPath(fileUrl), '.test.ts').replaceAll(/[^\w-]/g, '-').slice(0, 64);
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
