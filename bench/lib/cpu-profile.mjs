// Reads a V8 .cpuprofile (node --cpu-prof) and lists the functions with the
// most self time: where a process spent its CPU, not counting callees.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

function location(callFrame) {
  let url = callFrame.url || '';
  if (url.startsWith('file://')) {
    try {
      url = relative(process.cwd(), fileURLToPath(url));
    } catch {
      // keep the URL as it is
    }
  }
  return url ? `${url}:${callFrame.lineNumber + 1}` : '';
}

/**
 * Self time per function (grouped by name and source position), busiest first.
 * `(idle)` is left out of the shares, so `share` is of the time the process was busy.
 */
export function topSelfTime(file, limit = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  // timeDeltas[i] is the time since the previous sample; it is charged to sample i - 1.
  for (let index = 0; index < profile.samples.length; index++) {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const id = profile.samples[index];
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, delta));
  }
  const grouped = new Map();
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const name = callFrame.functionName || '(anonymous)';
    const where = location(callFrame);
    const key = `${name}\u0000${where}`;
    const entry = grouped.get(key) ?? { name, where, selfMs: 0 };
    entry.selfMs += us / 1000;
    grouped.set(key, entry);
  }
  const top = [...grouped.values()]
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, limit)
    .map((entry) => ({ ...entry, selfMs: Math.round(entry.selfMs), share: busyUs === 0 ? 0 : (entry.selfMs * 1000) / busyUs }));
  return { file, busyMs: Math.round(busyUs / 1000), idleMs: Math.round(idleUs / 1000), top };
}
