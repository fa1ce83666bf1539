import { describe, expect, it } from 'vitest';
import { runJq } from './run-jq.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const SECOND = 1000;
/** Small bounds, met in a moment; the CLI's (JQ_LIMITS) are met the same way, at larger figures. */
const BOUNDS = { results: 100, outputBytes: 64 * 1024, memoryBytes: 64 * 1024 * 1024, timeoutMs: 5 * SECOND };

describe.concurrent('runJq', () => {
  it('gives jq -c output, one result a line, and its debug lines apart', async () => {
    const outcome = await runJq('{"a":[1,"two"]}', '.a[] | debug', BOUNDS);
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(text(outcome.stdout)).toBe('1\n"two"\n');
    expect(text(outcome.stderr)).toBe('["DEBUG:",1]\n["DEBUG:","two"]\n');
  });

  it("gives jq's exit status and stderr when it fails: 3 for a compile error, 5 for an error on the data", async () => {
    const [compile, data] = await Promise.all([runJq('null', '.foo bar', BOUNDS), runJq('null', 'error("stop")', BOUNDS)]);
    expect(compile).toMatchObject({ kind: 'failed', exitCode: 3 });
    expect(data).toMatchObject({ kind: 'failed', exitCode: 5 });
    if (data.kind === 'failed') expect(text(data.stderr)).toContain('stop');
  });

  it('runs the expression as the user wrote it, in no wrapper: text that would close one is a syntax error', async () => {
    expect(await runJq('null', '1)), ((repeat(1)', BOUNDS)).toMatchObject({ kind: 'failed', exitCode: 3 });
  });

  it('stops jq at the first result beyond the bound, not after it has finished', async () => {
    expect(await runJq('null', 'repeat(1)', BOUNDS)).toEqual({ kind: 'bound', bound: 'results' });
    const exactly = await runJq('null', `range(${BOUNDS.results})`, BOUNDS);
    expect(exactly.kind).toBe('done');
  });

  it('stops jq when its results or debug lines pass the byte bound', async () => {
    const [results, debug] = await Promise.all([
      runJq('null', `"x" * ${BOUNDS.outputBytes / 4} | ., ., ., ., .`, BOUNDS),
      runJq('null', 'repeat("x" * 1000 | debug) | empty', BOUNDS),
    ]);
    expect(results).toEqual({ kind: 'bound', bound: 'output' });
    expect(debug).toEqual({ kind: 'bound', bound: 'output' });
  });

  it("refuses jq memory beyond the bound, which jq reports as an error", async () => {
    expect(await runJq('null', '"x" * 1e9', BOUNDS)).toEqual({ kind: 'bound', bound: 'memory' });
  });

  it('ends the worker at the time bound when jq loops', async () => {
    const started = performance.now();
    expect(await runJq('null', 'until(false; .)', { ...BOUNDS, timeoutMs: 300 })).toEqual({ kind: 'bound', bound: 'time' });
    expect(performance.now() - started).toBeLessThan(3 * SECOND);
  });
});
