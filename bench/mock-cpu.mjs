#!/usr/bin/env node
// CPU per in-process GET /v1/pets?limit=20 through a checkout's built
// @petstore/mock-server/fetch, with the journal on (the default) and off:
// what the core costs a request without MSW or sockets around it.
// Usage: node bench/mock-cpu.mjs [CHECKOUT]   (after pnpm build in CHECKOUT; default this one)
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const checkout = pathToFileURL(`${process.argv[2] ?? '.'}/`).href;
const { createMockFetch } = await import(new URL('packages/mock-server/dist/fetch/index.js', checkout).href);
const { DEV_API_KEY } = await import(new URL('packages/mock-server/dist/index.js', checkout).href);
const CALLS = 20_000;
const WARM_UP = 2_000;
const headers = { authorization: `Bearer ${DEV_API_KEY}`, accept: 'application/json', 'user-agent': 'bench/1.0' };

for (const journal of ['on', 'off']) {
  const mock = createMockFetch({ baseUrl: 'http://api.test/v1', ...(journal === 'off' && { journalSize: 0 }) });
  const call = async () => (await mock.fetch('http://api.test/v1/pets?limit=20', { headers })).json();
  for (let i = 0; i < WARM_UP; i++) await call();
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await call();
  const { user, system } = process.cpuUsage(start);
  console.log(`journal ${journal}: ${((user + system) / CALLS).toFixed(1)} µs of CPU per call`);
}
