// /docs over real HTTP: the page and Swagger UI's files, which the build copies
// into the package's dist/swagger-ui (scripts/copy-swagger-ui.js). A test of
// the built package: vitest.config.ts builds it first.
import { startMockServer, type MockServer } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';

const servers: MockServer[] = [];

async function start(): Promise<MockServer> {
  const server = await startMockServer({ port: 0 });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('startMockServer over real HTTP', () => {
  it('serves a readable API reference at /docs without a key, from local assets only', async () => {
    const server = await start();
    const page = await fetch(`${server.origin}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<title>Animal Store API reference</title>');
    // Offline: every asset the page loads comes from this server.
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/docs/')).toBe(true);
      const asset = await fetch(`${server.origin}${source}`);
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, source).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${server.origin}/docs/init.js`)).text();
    expect(init).toContain("fetch('/v1/openapi.json')");
    expect(init).not.toMatch(/https?:\/\//);
    expect((await fetch(`${server.origin}/docs/nothing.js`)).status).toBe(404);
    for (const name of ['constructor', '__proto__', 'toString', '..%2Fpackage.json']) {
      const response = await fetch(`${server.origin}/docs/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 });
    }
  });
});
