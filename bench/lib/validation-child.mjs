// One process of bench/validation.mjs, started by it:
//   node bench/lib/validation-child.mjs VARIANT ITERATIONS WARMUP
// Checks the same parsed list of 100 animals (the shape the mock's seed gives) ITERATIONS times
// after WARMUP unmeasured times, and prints one JSON line: µs of CPU per animal.
//   tolerant  the SDK's own check, validateResponses 'tolerant' (parsePets, from the built SDK)
//   strict    the same, 'strict'
//   zod-pet   z.parse(z.array(Pet), body): zod/mini and the contract's Pet, as a team would
import process from 'node:process';
import * as z from 'zod/mini';
import { Pet } from '@petstore/sdk/contract';
import { createResponseParsers } from '../../packages/sdk/dist/client/response-validation.js';

const [variant, iterations, warmup] = [process.argv[2], ...process.argv.slice(3).map(Number)];
const STATUSES = ['available', 'pending', 'sold'];
const body = Array.from({ length: 100 }, (_, index) => ({ id: index + 1, name: `Animal ${index + 1}`, categoryId: 1 + (index % 5), status: STATUSES[index % 3] }));
const logger = { warn() {}, error() {} };
const Pets = z.array(Pet);
const checks = {
  tolerant: () => createResponseParsers('tolerant', logger).parsePets,
  strict: () => createResponseParsers('strict', logger).parsePets,
  'zod-pet': () => (pets) => z.parse(Pets, pets),
};
const check = checks[variant]();
for (let i = 0; i < warmup; i++) check(body, '', 'GET x', 100);
const before = process.cpuUsage();
for (let i = 0; i < iterations; i++) check(body, '', 'GET x', 100);
const cpu = process.cpuUsage(before);
process.stdout.write(`${JSON.stringify({ variant, usPerAnimal: (cpu.user + cpu.system) / iterations / body.length })}\n`);
