#!/usr/bin/env node
// node bench/validation.mjs — what the SDK's response validation costs per animal beside a zod/mini
// parse of the contract's Pet (#33: tolerant no more than it). Each measurement is a fresh process
// (lib/validation-child.mjs) of one variant; rounds alternate the order; medians of µs of CPU per
// animal and the ratio to zod-pet. Exits 1 if tolerant ÷ zod-pet is above 1.
import { join } from 'node:path';
import process from 'node:process';
import { installExitHandlers, runNode } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { median, requireBuilt, ROOT, table } from './lib/report.mjs';

const SCRIPT = 'bench/validation.mjs';
const flags = parseFlags(
  SCRIPT,
  { rounds: { default: 6, min: 1, max: 50 }, iterations: { default: 5000, min: 100, max: 1_000_000 }, warmup: { default: 2000, min: 0, max: 1_000_000 } },
  `Usage: node ${SCRIPT} [--rounds N] [--iterations N] [--warmup N]

  Checks of a parsed list of 100 animals, per variant: tolerant and strict (the SDK's own), zod-pet
  (z.parse(z.array(Pet), body)); µs of CPU per animal, medians over the rounds.`,
);
const VARIANTS = ['zod-pet', 'tolerant', 'strict'];
requireBuilt(SCRIPT, join(ROOT, 'packages/sdk/dist/index.js'));
installExitHandlers(SCRIPT, 60_000 * flags.rounds * VARIANTS.length);

const results = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
for (let round = 0; round < flags.rounds; round++) {
  for (const variant of round % 2 === 0 ? VARIANTS : VARIANTS.toReversed()) {
    const { stdout } = await runNode([join(ROOT, 'bench/lib/validation-child.mjs'), variant, String(flags.iterations), String(flags.warmup)], { timeoutMs: 60_000 });
    results[variant].push(JSON.parse(stdout).usPerAnimal);
  }
}
const of = (variant) => median(results[variant]);
const rows = VARIANTS.map((variant) => [variant, of(variant).toFixed(3), `${(of(variant) / of('zod-pet')).toFixed(2)}×`]);
process.stdout.write(`${table(['µs of CPU per animal', 'median', '÷ zod-pet'], rows)}\n(medians over ${flags.rounds} processes of each)\n`);
process.exit(of('tolerant') <= of('zod-pet') ? 0 : 1);
