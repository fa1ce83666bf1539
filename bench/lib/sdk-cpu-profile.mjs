// Reads a V8 .cpuprofile of a bench/sdk.mjs client process and sums its time in two ways that the
// flat self-time list (cpu-profile.mjs) does not give:
//   - self time by where the code comes from (zod, ky, the SDK, undici, the rest of Node, GC, ...);
//   - inclusive time (self + callees) of the functions of the SDK, ky and zod, each sample counted
//     once per function even under recursion.
// Time spent in V8's C++ builtins (JSON.parse, for one) has no frame of its own: it is charged to
// the JavaScript function that called it.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

function where(callFrame) {
  let url = callFrame.url || '';
  if (url.startsWith('file://')) {
    try {
      url = relative(process.cwd(), fileURLToPath(url));
    } catch {
      // keep the URL as it is
    }
  }
  return url;
}

/** Which package or part of the runtime a frame belongs to. */
export function origin(callFrame) {
  const name = callFrame.functionName;
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(program)') return '(program): V8 and native code outside JavaScript';
  const url = where(callFrame);
  if (/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\//.test(url)) return 'zod';
  if (/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?ky\//.test(url)) return 'ky';
  if (url.startsWith('packages/sdk/') || url.includes('/@petstore/sdk/')) return '@petstore/sdk (dist)';
  if (url.startsWith('node:internal/deps/undici')) return 'undici (fetch)';
  if (url.startsWith('wasm://')) return 'llhttp (wasm, HTTP parser)';
  if (url.startsWith('node:')) return 'node: internals (streams, encoding, timers, ...)';
  if (url.startsWith('bench/')) return 'bench client loop (and JSON.parse it calls)';
  if (url === '') return 'builtins and native (no source)';
  return url;
}

function load(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // timeDeltas[i] is the time since the previous sample; it is charged to sample i - 1.
  const selfUs = new Map();
  for (let index = 0; index < profile.samples.length; index++) {
    const delta = Math.max(0, profile.timeDeltas[index + 1] ?? 0);
    selfUs.set(profile.samples[index], (selfUs.get(profile.samples[index]) ?? 0) + delta);
  }
  return { byId, parent, selfUs };
}

/**
 * Busy time by origin, and the inclusive time of the SDK's, ky's and zod's functions.
 * `ops`: requests the process made in its life, to give microseconds per request.
 */
export function breakdown(file, ops, limit = 15) {
  const { byId, parent, selfUs } = load(file);
  let busyUs = 0;
  const byOrigin = new Map();
  const inclusive = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const key = origin(callFrame);
    byOrigin.set(key, (byOrigin.get(key) ?? 0) + us);
    // Every function on the stack of this sample, once.
    const seen = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node).callFrame;
      const frameOrigin = origin(frame);
      if (frameOrigin !== 'zod' && frameOrigin !== 'ky' && frameOrigin !== '@petstore/sdk (dist)') continue;
      const name = `${frame.functionName || '(anonymous)'}  ${where(frame)}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, { origin: frameOrigin, us: (inclusive.get(name)?.us ?? 0) + us });
    }
  }
  const perOp = (us) => (ops > 0 ? us / ops : null);
  return {
    file,
    ops,
    busyMs: Math.round(busyUs / 1000),
    busyMicrosecondsPerOp: perOp(busyUs),
    byOrigin: [...byOrigin.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ origin: name, ms: Math.round(us / 1000), share: busyUs === 0 ? 0 : us / busyUs, microsecondsPerOp: perOp(us) })),
    inclusive: [...inclusive.entries()]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, limit)
      .map(([name, { origin: frameOrigin, us }]) => ({ function: name, origin: frameOrigin, ms: Math.round(us / 1000), share: busyUs === 0 ? 0 : us / busyUs, microsecondsPerOp: perOp(us) })),
  };
}
