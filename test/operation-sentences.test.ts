import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The guard of sentences that restate the operations table: "the API has no
 * delete", "three operations", "only GET and POST" are each a second
 * definition of what the table says, true until an operation is added and
 * then silently wrong. Where such a fact is needed, it is derived (from
 * `OPERATIONS`, `operationsThat(...)`, `operationMethods()`), so no fixed
 * sentence of it stands in the READMEs, docs/ or the product's source.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** What users and contributors read, and the product's source (its tests pin outputs and are not scanned). */
const SCANNED = ['README.md', 'packages/*/README.md', 'examples/*/README.md', 'docs/*.md', 'packages/*/src/**/*.{ts,js,mjs}'];
const NOT_SCANNED = ['**/node_modules/**', '**/dist/**', '**/*.test.ts'];

const COUNT = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+) operations\b/i;

/** Each fixed sentence about which operations exist, and what it restates. */
const FIXED_SENTENCES: readonly { pattern: RegExp; restates: string }[] = [
  { pattern: /\bno delete\b/i, restates: 'that no operation removes an animal (operationsThat("removes"))' },
  { pattern: /\b(?:cannot|can't|can not) (?:delete|remove) (?:an? |the )?animals?\b/i, restates: 'that no operation removes an animal (operationsThat("removes"))' },
  { pattern: COUNT, restates: 'how many operations there are (OPERATION_IDS.length)' },
  { pattern: /\bonly GET and POST\b|\bGET and POST only\b|\bonly POST and GET\b/i, restates: 'which methods the operations use (operationMethods())' },
];

/** Where a sentence that matches is true by construction, and why. */
const ALLOWED: readonly { file: string; pattern: RegExp; why: string }[] = [
  { file: 'docs/benchmarks.md', pattern: COUNT, why: "a run of record: #33's figures name the operations of the API it measured" },
];

const files = globSync(SCANNED, { cwd: root, exclude: NOT_SCANNED }).sort();

/** Every `file:line: text` where `pattern` stands, but where it is allowed. */
function whereStands(pattern: RegExp, allowed = ALLOWED): string[] {
  const scanned = files.filter((file) => !allowed.some((entry) => entry.file === file && entry.pattern === pattern));
  return scanned.flatMap((file) =>
    readFileSync(`${root}${file}`, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );
}

describe('no fixed sentence restates the operations table', () => {
  it('scans the READMEs, docs/ and the product source', () => {
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true);
    expect(files).toContain('packages/sdk/src/contract/operations.ts');
  });

  it.each(FIXED_SENTENCES)('$pattern stands nowhere: it would restate $restates', ({ pattern }) => {
    expect(whereStands(pattern)).toEqual([]);
  });

  it.each(ALLOWED)('$file may hold $pattern, and still does: $why', ({ file, pattern }) => {
    expect(whereStands(pattern, []).filter((place) => place.startsWith(`${file}:`)).length, 'an allowance nothing uses any more: remove it').toBeGreaterThan(0);
  });
});
