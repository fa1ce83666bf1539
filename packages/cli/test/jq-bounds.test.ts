/**
 * The bounds of `--jq` on the built binary, in child processes (#29): an
 * expression that loops, grows or floods ends within its time, memory, result
 * and byte bounds with a message naming --jq (exit 2), and Ctrl-C ends one
 * that is running at once (exit 130). `config list` gives the JSON: no server.
 */
import { afterAll, describe, it } from 'vitest';
import { JQ_LIMITS, JQ_TIMEOUT_VARIABLE } from '../src/tables/jq-flag.js';
import { createCli, createTempDirs, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
afterAll(() => tempDirs.removeAll());

const MiB = 1024 * 1024;
const nothingPrinted = (what: string) => `error: --jq: the expression ${what}; nothing was printed\n`;
const memoryBoundMet = nothingPrinted(`needed more than ${JQ_LIMITS.memoryBytes / MiB} MiB of memory`);
/** Long enough that the bound under test, not the time bound, ends the expression. */
const NO_TIME_BOUND = { [JQ_TIMEOUT_VARIABLE]: '60000' };

describe.concurrent('--jq bounds', () => {
  it.for(['until(false; .)', 'range(1e12) | empty', 'def f: f; f'])('%s ends at the time bound, exit 2', async (expression, { expect }) => {
    const { run } = await createCli(tempDirs);
    const started = performance.now();
    const result = await run(['config', 'list', '--jq', expression], { env: { [JQ_TIMEOUT_VARIABLE]: '500' } });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: nothingPrinted(`ran longer than 500 ms (set ${JQ_TIMEOUT_VARIABLE}=MS to allow more)`) });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('the time bound is 10 s unless PETSTORE_JQ_TIMEOUT says otherwise (--help says so); a bad value is exit 2 naming it', async ({ expect }) => {
    expect(JQ_LIMITS.timeout.default).toBe(10_000);
    const { run } = await createCli(tempDirs);
    expect((await run(['--help'])).stdout).toContain(`${JQ_TIMEOUT_VARIABLE}=MS   how long --jq may run (default ${JQ_LIMITS.timeout.default})`);
    const bad = await run(['config', 'list', '--jq', '.'], { env: { [JQ_TIMEOUT_VARIABLE]: '2s' } });
    expect(bad).toMatchObject({ code: 2, stdout: '', stderr: `error: ${JQ_TIMEOUT_VARIABLE} must be whole milliseconds from 1 to 600000, got "2s"\n` });
    const json = await run(['config', 'list', '--json', '--jq', 'until(false; .)'], { env: { [JQ_TIMEOUT_VARIABLE]: '300' } });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({
      error: { exitCode: 2, code: 'jq_limit', message: `--jq: the expression ran longer than 300 ms (set ${JQ_TIMEOUT_VARIABLE}=MS to allow more); nothing was printed` },
    } satisfies JsonErrorLine);
  });

  it('Ctrl-C ends a command while jq spins: exit 130 at once', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    let signalled = 0;
    const result = await run(['config', 'list', '--jq', 'until(false; .)'], {
      env: NO_TIME_BOUND,
      // Time enough for the command to reach jq (about 0.6 s on an idle machine).
      onSpawn: (child) => setTimeout(() => ((signalled = performance.now()), child.kill('SIGINT')), 2000),
    });
    expect(result).toMatchObject({ code: 130, stdout: '', stderr: '\ninterrupted\n' });
    // Tens of milliseconds on an idle machine; without a thread of its own jq kept the process until it was killed.
    expect(performance.now() - signalled).toBeLessThan(3000);
  });

  it('runs the expression as written, in no wrapper: `1)), ((repeat(1)` is a syntax error in it', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', '1)), ((repeat(1)']);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'error: --jq: syntax error, unexpected INVALID_CHARACTER, expecting end of file at line 1, column 2 (near ")), ((repeat(1)")\n' });
  });

  it.for(['range(1e7)', 'repeat(1)'])('%s stops at the first result beyond the bound, exit 2', async (expression, { expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', expression], { env: NO_TIME_BOUND });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: nothingPrinted(`gave more than ${JQ_LIMITS.results} results`) });
  });

  it.for(['"x" * 1e9', 'reduce range(40) as $i ("x"; . + .)'])('%s meets the memory bound: one line, no stack trace, exit 2', async (expression, { expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', expression], { env: NO_TIME_BOUND });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: memoryBoundMet });
  });

  // debug's lines count against the same bound: src/jq/run-jq.test.ts meets it at a small figure (jq writes them a byte at a time, slowly).
  it('"x" * 2 MiB, nine times, meets the bound on bytes of results, exit 2', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', `"x" * ${JQ_LIMITS.outputBytes / 8} | range(9) as $_ | .`], { env: NO_TIME_BOUND });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: nothingPrinted(`wrote more than ${JQ_LIMITS.outputBytes / MiB} MiB of results`) });
  });

  it('just within the bounds, everything is printed', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', `range(${JQ_LIMITS.results})`]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toHaveLength(JQ_LIMITS.results + 1);
  });
});

// Alone: it takes seconds to fill jq's memory one number at a time, and others running beside it would slow it.
describe('--jq bounds, one at a time', () => {
  it('[range(1e9)] meets the memory bound: one line, no stack trace, exit 2', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['config', 'list', '--jq', '[range(1e9)]'], { env: NO_TIME_BOUND });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: memoryBoundMet });
  });
});
