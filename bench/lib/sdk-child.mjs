// One client process of bench/sdk.mjs, started by it:
//   node bench/lib/sdk-child.mjs raw|MODULE BASE_URL API_KEY CALLS WARMUP CONCURRENCY
// MODULE: the SDK to import (@petstore/sdk, or the file URL of another build's index.js).
// Makes WARMUP calls, then CALLS measured ones, CONCURRENCY in flight, each checked (100 animals),
// and prints one JSON line: the process's CPU time (process.cpuUsage(): user and system, every
// thread, GC included) and wall time over the measured calls. Any failure exits 1.
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const [variant, baseUrl, apiKey, ...numbers] = process.argv.slice(2);
const [calls, warmup, concurrency] = numbers.map(Number);
const LIMIT = 100;

/** One call of the variant, resolving to the parsed list; the raw one never loads the SDK. */
async function callOf() {
  if (variant !== 'raw') {
    const { PetstoreClient } = await import(variant);
    const client = new PetstoreClient({ baseUrl, apiKey });
    return () => client.pets.list({ limit: LIMIT });
  }
  const url = `${baseUrl}/pets?limit=${LIMIT}`;
  const init = { headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' } };
  return async () => {
    const response = await fetch(url, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
}

/** `count` calls, `concurrency` loops each starting its next call when the previous one is answered. */
async function run(call, count) {
  let started = 0;
  const loop = async () => {
    while (started++ < count) {
      const pets = await call();
      if (!Array.isArray(pets) || pets.length !== LIMIT) throw new Error(`expected ${LIMIT} animals, got ${JSON.stringify(pets).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
}

try {
  const call = await callOf();
  await run(call, warmup);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  await run(call, calls);
  const cpu = process.cpuUsage(cpuBefore);
  const result = { variant, calls, userUs: cpu.user, systemUs: cpu.system, wallMs: performance.now() - wallBefore };
  // Exit at once: idle keep-alive connections would keep the process alive for seconds.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
} catch (error) {
  process.stderr.write(`sdk-child ${variant}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
