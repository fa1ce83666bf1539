import { describe, expect, it } from 'vitest';
import { blockedPortWarning, FETCH_BLOCKED_PORTS } from './fetch-blocked-ports.js';

/** What this runtime's fetch does with the port: refuses it before connecting ("bad port"), or tries. */
async function fetchRefuses(port: number): Promise<boolean> {
  // Nothing listens on 127.0.0.1:port in a test; a port fetch tries is refused by the system instead.
  const error = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof Error && cause.message === 'bad port';
}

describe('FETCH_BLOCKED_PORTS', () => {
  it("is the list this Node.js's fetch refuses", async () => {
    for (const port of FETCH_BLOCKED_PORTS) expect(await fetchRefuses(port), String(port)).toBe(true);
    // The neighbours fetch tries: connecting is the system's business, not fetch's.
    const others = [...FETCH_BLOCKED_PORTS].map((port) => port + 1).filter((port) => !FETCH_BLOCKED_PORTS.has(port));
    for (const port of others.slice(0, 10)) expect(await fetchRefuses(port), String(port)).toBe(false);
  });

  it('gives a warning naming the port and --port for a blocked one only', () => {
    expect(blockedPortWarning(6000)).toContain('fetch refuses port 6000');
    expect(blockedPortWarning(6000)).toContain('--port');
    expect(blockedPortWarning(4010)).toBeUndefined();
  });
});
