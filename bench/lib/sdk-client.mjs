// The client side of bench/sdk.mjs, in its own process (so it never shares a core's worth of
// event loop, JIT or GC with the mock server): one process per variant, started with fork() by
// the parent with the variant as its only argument, driven over IPC:
//   raw  fetch(url, { headers: { authorization } }), response.ok, JSON.parse(await response.text())
//   sdk  new PetstoreClient({ baseUrl, apiKey, logger }).pets.list({ limit: 100 }), the default
//        client (in Node.js: node:http; retries, timeouts, tolerant validation) with a debug logger
//        counting retries; with a second argument `fetch`, the same client given fetch: globalThis.fetch
// Both send the same request line (GET /v1/pets?limit=100 with authorization; the SDK adds
// accept: application/json) and get the same 6,069-byte answer, and both check that 100 animals
// came back. raw goes through Node's fetch (undici); the default SDK client through node:http.
//
// Messages: { type: 'setup', baseUrl, apiKey } → { type: 'setup-done', first } (one checked call);
//           { type: 'run', id, durationMs, concurrency, maxOps } → { type: 'result', id, ... };
//           { type: 'exit' }. The process also exits as soon as its parent goes away.
import process from 'node:process';
import { performance, PerformanceObserver } from 'node:perf_hooks';

const VARIANT = process.argv[2];
const EXPECTED_ITEMS = 100;
// A slice stops early once it is clearly broken.
const MAX_ERRORS = 100;

if (!process.send || (VARIANT !== 'raw' && VARIANT !== 'sdk')) {
  process.stderr.write('sdk-client.mjs is started by bench/sdk.mjs (fork with IPC, argument raw or sdk), not by hand\n');
  process.exit(2);
}

// Orphaned (the parent died without killing us): stop at once.
process.on('disconnect', () => process.exit(3));

// Retries the SDK made (each one hides a failed request): any makes the run invalid.
let retries = 0;

// Garbage-collection pauses of this process, summed, so that a slice can report its share.
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** @type {() => Promise<number>} one request; resolves to the number of animals, throws on any failure */
let operation;

async function setup({ baseUrl, apiKey }) {
  if (VARIANT === 'raw') {
    const url = `${baseUrl}/pets?limit=${EXPECTED_ITEMS}`;
    const init = { headers: { authorization: `Bearer ${apiKey}` } };
    operation = async () => {
      const response = await fetch(url, init);
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      const pets = JSON.parse(text);
      return Array.isArray(pets) ? pets.length : -1;
    };
    // The first call's data, for the parent to compare with the SDK's.
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`raw pre-flight: HTTP ${response.status}`);
    return response.json();
  }
  const { PetstoreClient } = await import('@petstore/sdk');
  // The defaults (2 retries of reads, 30 s timeout, tolerant response validation, fetch), as a
  // user gets them, plus a debug logger that counts the retries: any makes the run invalid.
  const logger = {
    warn: (message) => process.stderr.write(`sdk warning: ${message}\n`),
    debug: (message) => {
      if (message.startsWith('retrying ')) retries++;
    },
  };
  // `sdk fetch` (bench/sdk.mjs --sdk-fetch): over fetch instead of the Node.js default, node:http.
  const client = new PetstoreClient({ baseUrl, apiKey, logger, ...(process.argv[3] === 'fetch' ? { fetch: globalThis.fetch } : {}) });
  const query = { limit: EXPECTED_ITEMS };
  operation = async () => {
    const pets = await client.pets.list(query);
    return Array.isArray(pets) ? pets.length : -1;
  };
  return client.pets.list(query);
}

/**
 * `concurrency` loops, each sending its next request as soon as the previous one is answered,
 * until `durationMs` have passed or `maxOps` requests were made. Ops are counted when they
 * complete; the slice lasts until the last loop's last request is answered.
 */
async function run({ durationMs, concurrency, maxOps }) {
  const state = { ops: 0, started: 0, wrongLength: 0, errors: 0, firstError: undefined };
  const gcBefore = gcMs;
  const retriesBefore = retries;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  const loop = async () => {
    while (performance.now() < deadline && state.started < maxOps && state.errors < MAX_ERRORS) {
      state.started++;
      try {
        const items = await operation();
        if (items === EXPECTED_ITEMS) state.ops++;
        else state.wrongLength++;
      } catch (error) {
        state.errors++;
        state.firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    variant: VARIANT,
    ops: state.ops,
    started: state.started,
    wrongLength: state.wrongLength,
    errors: state.errors,
    firstError: state.firstError,
    elapsedMs,
    cpuUserUs: cpu.user,
    cpuSystemUs: cpu.system,
    gcMs: gcMs - gcBefore,
    retries: retries - retriesBefore,
  };
}

process.on('message', async (message) => {
  if (message?.type === 'exit') process.exit(0);
  try {
    if (message?.type === 'setup') {
      const first = await setup(message);
      process.send({ type: 'setup-done', first });
    } else if (message?.type === 'run') {
      process.send({ type: 'result', id: message.id, result: await run(message) });
    }
  } catch (error) {
    process.send({ type: 'error', id: message?.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

process.send({ type: 'ready' });
