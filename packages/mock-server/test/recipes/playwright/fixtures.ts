import { DEV_API_KEY } from '@petstore/mock-server';
import { test as base } from '@playwright/test';

/** The mock server as this worker sees it: a session of its own, with its own store, staged answers and journal. */
export interface MockSession {
  /** Where the app under test sends its requests: `<origin>/sessions/<name>/v1`. */
  url: string;
  /** The session's admin API: `<origin>/sessions/<name>/__admin`. */
  admin: string;
}

/** A refused request as the session's journal lists it (`GET …/__admin/requests?refused=true`). */
interface Refused {
  method: string;
  path: string;
  status: number;
  error: { code: string; message: string };
}

const headers = { authorization: `Bearer ${DEV_API_KEY}` };

export const test = base.extend<{ emptySession: void }, { session: MockSession }>({
  // One per worker: created on first use, ended when the worker stops.
  session: [
    async ({ playwright }, use, workerInfo) => {
      const origin = process.env['PETSTORE_MOCK_ORIGIN'];
      const name = `worker-${workerInfo.workerIndex}`;
      await use({ url: `${origin}/sessions/${name}/v1`, admin: `${origin}/sessions/${name}/__admin` });
      const api = await playwright.request.newContext({ extraHTTPHeaders: headers });
      const ended = await api.delete(`${origin}/__admin/sessions/${name}`);
      await api.dispose();
      if (ended.status() !== 204) throw new Error(`ending session ${name} failed: ${ended.status()}`);
    },
    { scope: 'worker' },
  ],
  // Before each test: the session's store empty, nothing staged, nothing recorded.
  // After it: the test fails if the mock refused one of its requests, even if the page swallowed the 400.
  emptySession: [
    async ({ request, session }, use) => {
      const reset = await request.post(`${session.admin}/reset`, { data: { seed: 0 }, headers });
      if (!reset.ok()) throw new Error(`resetting the session failed: ${reset.status()} ${await reset.text()}`);
      await use();
      const refused = (await (await request.get(`${session.admin}/requests?refused=true`, { headers })).json()) as Refused[];
      if (refused.length > 0) throw new Error(`the mock refused:\n${refused.map(({ method, path, status, error }) => `  ${method} ${path} → ${status} ${error.code}: ${error.message}`).join('\n')}`);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
