#!/usr/bin/env node
// The shares of a --cpu-prof profile that bench:sdk's section of docs/benchmarks.md reports:
//   node bench/lib/cpu-shares.mjs FILE.cpuprofile [CALLS]
// A sample counts toward a part when any frame of its stack is one of the part's functions (so the
// parts include what they call, and may overlap); the shares are of the samples that ran JavaScript
// or native code (idle and GC apart), and with CALLS, µs per call (the profile's time ÷ CALLS).
import { readFileSync } from 'node:fs';
import process from 'node:process';

const PARTS = {
  'ky, and what it calls (fetch included)': [[/.*/, /\/ky\/distribution\//]],
  'ky merging the options given: deepMerge, normalizeRetryOptions': [[/^(deepMerge|deepMergeInternal|validateAndMerge|mergeHooks|mergeHeaders|normalizeRetryOptions)$/, /\/ky\//]],
  'body read: readBody (its reader loop)': [['readBody', /read-body/]],
  'controllers and signals (AbortSignal.any, listeners)': [[/.*/, /node:internal\/abort_controller|abort_listener/], ['addAbortListener', /undici/], [/createManagedSignal/, /\/ky\//]],
  'request id: stampRequestId (before #33), newRequestId': [[/^(stampRequestId|newRequestId)$/, /http-client|request-id/]],
  'hooks: ky running beforeRequest (the id within, before #33)': [[/runBeforeRequestHooks/, /\/ky\//]],
  'response schema: parsePets, parsePet': [[/^(parsePets|parsePet)$/, /response-validation/]],
  'the arguments checked: checked': [['checked', /pets-resource/]],
  'deprecation parse: parseDeprecation, onDeprecation': [[/^(parseDeprecation|onDeprecation)$/, /deprecation|petstore-client/]],
  'JSON.parse': [[/^(parse|parseJson)$/, /^$/]],
};

const [file, calls] = process.argv.slice(2);
const { nodes, samples, timeDeltas, startTime, endTime } = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const matches = (frame, [name, url]) => (typeof name === 'string' ? frame.functionName === name : name.test(frame.functionName)) && url.test(frame.url);
const totals = Object.fromEntries(Object.keys(PARTS).map((part) => [part, 0]));
let busy = 0;
samples.forEach((id, index) => {
  const dt = timeDeltas[index] ?? 0;
  const top = byId.get(id).callFrame.functionName;
  if (top === '(idle)' || top === '(garbage collector)' || top === '(program)') return;
  busy += dt;
  const hit = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at).callFrame;
    for (const [part, patterns] of Object.entries(PARTS)) if (patterns.some((pattern) => matches(frame, pattern))) hit.add(part);
  }
  for (const part of hit) totals[part] += dt;
});
process.stdout.write(`${file}: ${((endTime - startTime) / 1000).toFixed(0)} ms profiled, ${(busy / 1000).toFixed(0)} ms running code\n`);
for (const [part, us] of Object.entries(totals)) {
  process.stdout.write(`  ${part.padEnd(66)} ${((100 * us) / busy).toFixed(1).padStart(5)} %${calls ? `  ${(us / Number(calls)).toFixed(0).padStart(5)} µs/call` : ''}\n`);
}
