import { describe, expect, it } from 'vitest';
import { readmeBlocks } from './readme-examples.js';

describe('readmeBlocks', () => {
  it('finds fenced blocks with their language, line and text, indented ones (in list items) dedented', () => {
    const markdown = ['# T', '', '```sh', 'echo 1', '```', '', '1. Step:', '', '   ```ts', '   const a = 1;', '     nested();', '   ```', '', '```', 'output', '```'].join('\n');
    expect(readmeBlocks(markdown)).toEqual([
      { language: 'sh', code: 'echo 1\n', line: 3 },
      { language: 'ts', code: 'const a = 1;\n  nested();\n', line: 9 },
      { language: '', code: 'output\n', line: 14 },
    ]);
  });

  it('reads the <!-- not run: reason --> on the line before a fence, blank lines between allowed, and only there', () => {
    const markdown = [
      '<!-- not run: needs a browser -->',
      '```ts',
      'x();',
      '```',
      '<!-- not run -->',
      '',
      '```sh',
      'y',
      '```',
      '<!-- not run: far away -->',
      'Some text.',
      '```sh',
      'z',
      '```',
    ].join('\n');
    expect(readmeBlocks(markdown).map(({ notRun }) => notRun)).toEqual(['needs a browser', '', undefined]);
  });

  it('reads the <!-- file: PATH --> on the line before a fence', () => {
    const markdown = ['<!-- file: test/recipe.test.ts -->', '```ts', 'it();', '```', '```ts', 'x();', '```'].join('\n');
    expect(readmeBlocks(markdown).map(({ file }) => file)).toEqual(['test/recipe.test.ts', undefined]);
  });

  it('does not end a block at a shorter fence inside it', () => {
    const markdown = ['````md', '```sh', 'inner', '```', '````', '```sh', 'after', '```'].join('\n');
    expect(readmeBlocks(markdown).map(({ language, code }) => [language, code])).toEqual([
      ['md', '```sh\ninner\n```\n'],
      ['sh', 'after\n'],
    ]);
  });
});
