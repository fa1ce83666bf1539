import { check, equal } from './assert.js';
import type { ClientCase } from './client-case.js';

/** The server runtime this is, told as the SDK tells it (Deno and Bun also have `process.versions.node`); undefined in browsers. */
function serverRuntime(): string | undefined {
  const { Deno, Bun, process } = globalThis as { Deno?: unknown; Bun?: unknown; process?: { versions?: { node?: string } } };
  if (Deno) return 'deno';
  if (Bun) return 'bun';
  return process?.versions?.node ? 'node' : undefined;
}

export const identityCases: ClientCase[] = [
  {
    name: "a request says who sent it (petstore-sdk/<version> (<runtime>/<version>) in Node.js, Bun and Deno, the browser's own User-Agent elsewhere) and carries the X-Request-Id the journal keeps",
    run: async ({ client, admin }) => {
      const { requestId } = await client().pets.list({ limit: 1 }).withResponse();
      const [entry] = await admin.requests('listPets');
      check(requestId, 'a request id');
      equal(entry?.requestId, requestId, 'the request id the journal keeps');
      equal(entry?.headers['x-request-id'], requestId, 'the X-Request-Id sent');
      const userAgent = String(entry?.headers['user-agent']);
      const runtime = serverRuntime();
      if (runtime) check(new RegExp(`^petstore-sdk/\\d+\\.\\d+\\.\\d+\\S* \\(${runtime}/\\d\\S*\\)$`).test(userAgent), `the SDK's User-Agent for ${runtime}, got "${userAgent}"`);
      else check(!userAgent.includes('petstore-sdk'), `the browser's own User-Agent, got "${userAgent}"`);
    },
  },
];
