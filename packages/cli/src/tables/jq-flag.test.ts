import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JQ_LIMITS, JQ_TIMEOUT_VARIABLE } from './jq-flag.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const decisions = readFileSync(new URL('../../../../docs/decisions.md', import.meta.url), 'utf8');
const MiB = 1024 * 1024;
const grouped = (value: number) => value.toLocaleString('en-US');

describe('JQ_LIMITS, as the README states them', () => {
  // The README restates the bounds for its readers: this holds its words to the constants.
  it('in the --jq section', () => {
    expect(readme).toContain(
      `${grouped(JQ_LIMITS.results)} results and ${JQ_LIMITS.outputBytes / MiB} MiB of results and \`debug\` lines, counted as\n  jq writes them; ${JQ_LIMITS.memoryBytes / MiB} MiB of memory for jq; ${JQ_LIMITS.timeout.default / 1000} seconds, or \`${JQ_TIMEOUT_VARIABLE}=MS\`\n  (whole milliseconds, ${JQ_LIMITS.timeout.min} to ${JQ_LIMITS.timeout.max}; anything else is exit 2)`,
    );
    expect(readme).toContain(`the expression ran longer than ${JQ_LIMITS.timeout.default} ms`);
  });

  it('in the Limits table', () => {
    expect(readme).toContain(
      `| \`--jq EXPRESSION\` | ${grouped(JQ_LIMITS.expressionLength)} characters; ${grouped(JQ_LIMITS.results)} results and ${JQ_LIMITS.outputBytes / MiB} MiB of output, counted as jq writes them; ${JQ_LIMITS.memoryBytes / MiB} MiB of jq memory; ${JQ_LIMITS.timeout.default / 1000} s (\`${JQ_TIMEOUT_VARIABLE}=MS\`) |`,
    );
  });

  it("in docs/decisions.md's defaults", () => {
    expect(decisions).toContain(
      `| What is bounded, and the defaults (\`JQ_LIMITS\`) | Results: ${grouped(JQ_LIMITS.results)}. Output: ${JQ_LIMITS.outputBytes / MiB} MiB of results and \`debug\`/\`stderr\` lines together. Memory: ${JQ_LIMITS.memoryBytes / MiB} MiB of jq's WebAssembly heap`,
    );
    expect(decisions).toContain(`Time: ${grouped(JQ_LIMITS.timeout.default)} ms, \`${JQ_TIMEOUT_VARIABLE}=MS\` (${grouped(JQ_LIMITS.timeout.min)} to ${grouped(JQ_LIMITS.timeout.max)})`);
  });
});
