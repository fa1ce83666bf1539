// One client process of bench/sdk.mjs, started by it:
//   node bench/lib/sdk-child.mjs VARIANT OPERATION SDK_MODULE BASE_URL API_KEY CALLS WARMUP CONCURRENCY
// VARIANT: raw (fetch + JSON.parse), ky (ky alone), openapi-fetch (with a zod/mini parse by the
// contract's Pet), sdk (the SDK, default validation), sdk-off (validateResponses: 'off').
// OPERATION: list (GET /pets?limit=100), create (POST /pets), get (GET /pets/{id}).
// SDK_MODULE: the SDK to import (@petstore/sdk, or the file URL of another build's index.js); the
// other variants never load it (the openapi-fetch one loads only @petstore/sdk/contract).
// Makes WARMUP calls, then CALLS measured ones, CONCURRENCY in flight, each checked, and prints one
// JSON line: the process's CPU time (process.cpuUsage(): user and system, every thread, GC
// included) and wall time over the measured calls. Any failure exits 1.
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const [variant, operation, sdkModule, baseUrl, apiKey, ...numbers] = process.argv.slice(2);
const [calls, warmup, concurrency] = numbers.map(Number);
const LIMIT = 100;
/** The seed's animals are 1 to 1000: a get asks for each in turn. */
const SEEDED = 1000;
const newPet = (n) => ({ name: `Bench ${n}`, categoryId: 1 + (n % 5), status: 'available' });
const authorization = `Bearer ${apiKey}`;

/** What each variant does for each operation: a function from the call's number to its answer. */
const VARIANTS = {
  async raw() {
    const send = async (url, init) => {
      const response = await fetch(url, init);
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text);
    };
    const headers = { authorization, accept: 'application/json' };
    return {
      list: () => send(`${baseUrl}/pets?limit=${LIMIT}`, { headers }),
      create: (n) => send(`${baseUrl}/pets`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(newPet(n)) }),
      get: (n) => send(`${baseUrl}/pets/${1 + (n % SEEDED)}`, { headers }),
    };
  },
  async ky() {
    const { default: ky } = await import('ky');
    const api = ky.create({ prefix: `${baseUrl}/`, headers: { authorization } });
    return {
      list: () => api.get('pets', { searchParams: { limit: LIMIT } }).json(),
      create: (n) => api.post('pets', { json: newPet(n) }).json(),
      get: (n) => api.get(`pets/${1 + (n % SEEDED)}`).json(),
    };
  },
  async 'openapi-fetch'() {
    const [{ default: createClient }, z, { Pet }] = await Promise.all([import('openapi-fetch'), import('zod/mini'), import('@petstore/sdk/contract')]);
    const client = createClient({ baseUrl, headers: { authorization } });
    const Pets = z.array(Pet);
    const checked = (schema) => async (result) => {
      const { data, error, response } = await result;
      if (error !== undefined) throw new Error(`HTTP ${response.status}: ${JSON.stringify(error).slice(0, 200)}`);
      return z.parse(schema, data);
    };
    return {
      list: () => checked(Pets)(client.GET('/pets', { params: { query: { limit: LIMIT } } })),
      create: (n) => checked(Pet)(client.POST('/pets', { body: newPet(n) })),
      get: (n) => checked(Pet)(client.GET('/pets/{petId}', { params: { path: { petId: 1 + (n % SEEDED) } } })),
    };
  },
  sdk: () => sdkCalls({}),
  'sdk-off': () => sdkCalls({ validateResponses: 'off' }),
};

async function sdkCalls(options) {
  const { PetstoreClient } = await import(sdkModule);
  // A logger: the deprecated get warns through it, once, not on stderr.
  const client = new PetstoreClient({ baseUrl, apiKey, logger: { warn() {}, error() {} }, ...options });
  return {
    list: () => client.pets.list({ limit: LIMIT }),
    create: (n) => client.pets.create(newPet(n)),
    get: (n) => client.pets.get(1 + (n % SEEDED)),
  };
}

/** Each answer checked: a list of 100 animals, or one animal. */
function check(answer) {
  const ok = operation === 'list' ? Array.isArray(answer) && answer.length === LIMIT : Number.isInteger(answer?.id);
  if (!ok) throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 200)}`);
}

/** `count` calls, `concurrency` loops each starting its next call when the previous one is answered. */
async function run(call, count) {
  let started = 0;
  const loop = async () => {
    while (started < count) check(await call(started++));
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
}

try {
  const call = (await VARIANTS[variant]())[operation];
  await run(call, warmup);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  await run(call, calls);
  const cpu = process.cpuUsage(cpuBefore);
  const result = { variant, operation, calls, userUs: cpu.user, systemUs: cpu.system, wallMs: performance.now() - wallBefore };
  // Exit at once: idle keep-alive connections would keep the process alive for seconds.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
} catch (error) {
  process.stderr.write(`sdk-child ${variant} ${operation}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
