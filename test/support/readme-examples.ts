// Every example in a README runs as written, in a test. A fenced block is an
// example when its language is a shell's (sh, bash, shell) or a script's (ts,
// js, mts, mjs); other blocks (output, JSON) are not run. An example runs
// unless the line before its fence says why not: `<!-- not run: REASON -->`.
// So a new example runs by default. A block that is a whole file run elsewhere
// (a test file, a config) says so instead: `<!-- file: PATH -->` (PATH from the
// README's folder), and its text must equal that file's.
//
// Shell examples run in bash (`set -euo pipefail`) with `petstore` and
// `petstore-mock` (the built binaries, on this Node.js) and `node` on PATH;
// script examples run as files with node, inside the README's folder so that
// their imports resolve as in a user's project. Both run against a real mock
// server, reset to its seed before each example: `http://127.0.0.1:4010` in the
// text becomes its address, and PETSTORE_BASE_URL and PETSTORE_API_KEY point
// the CLI and the SDK at it. Each `# → text` or `// → text` comment is a line
// the example must print, in order; an example without one must exit 0.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The address the READMEs use for the local mock server; the test's server takes its place. */
export const README_ORIGIN = 'http://127.0.0.1:4010';

const SHELL = new Set(['sh', 'bash', 'shell']);
const SCRIPT: Record<string, string> = { ts: 'mts', mts: 'mts', js: 'mjs', mjs: 'mjs' };

export interface ReadmeBlock {
  /** The fence's language, '' when it has none. */
  language: string;
  /** The block's text, its indentation (inside a list item) removed. */
  code: string;
  /** The line of the opening fence, from 1. */
  line: number;
  /** The reason of a `<!-- not run: REASON -->` on the line before the fence ('' if it gives none). */
  notRun?: string;
  /** The path of a `<!-- file: PATH -->` on the line before the fence: the file whose whole text the block shows. */
  file?: string;
}

/** Every fenced code block of a Markdown text, with the marker before it. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,})\s*([\w-]*)\s*$/.exec(lines[index] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const start = index;
    let end = index + 1;
    while (end < lines.length && (lines[end] ?? '').trim() !== fence) end++;
    const code = lines
      .slice(start + 1, end)
      .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()))
      .join('\n');
    let previous = start - 1;
    while (previous >= 0 && (lines[previous] ?? '').trim() === '') previous--;
    const marker = /^\s*<!--\s*not run\b:?\s*(.*?)\s*-->\s*$/.exec(lines[previous] ?? '');
    const file = /^\s*<!--\s*file:\s*(\S+)\s*-->\s*$/.exec(lines[previous] ?? '');
    blocks.push({
      language: language.toLowerCase(),
      code: `${code}\n`,
      line: start + 1,
      ...(marker && { notRun: marker[1] ?? '' }),
      ...(file && { file: file[1] ?? '' }),
    });
    index = end;
  }
  return blocks;
}

const isExample = ({ language }: ReadmeBlock) => SHELL.has(language) || language in SCRIPT;

/** The lines an example must print: its `# → …` and `// → …` comments. */
const expectedLines = (code: string) => [...code.matchAll(/(?:#|\/\/) → (.*)$/gm)].map((match) => match[1] ?? '');

/** A name for the test: the README's line and the example's first line of code. */
function exampleName({ code, line, language }: ReadmeBlock): string {
  const first = code.split('\n').find((text) => text.trim() && !/^\s*(#|\/\/|import\b)/.test(text))?.trim() ?? '';
  return `line ${line} (${language}): ${first.length > 80 ? `${first.slice(0, 79)}…` : first}`;
}

const EXAMPLE_TIMEOUT_MS = 15_000;

/**
 * Runs one example file to its end; past the time limit its whole process
 * group is killed (a shell example's children too), and the exit code is -1.
 */
function runExample(command: string, file: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, [file], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${EXAMPLE_TIMEOUT_MS} ms)`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, EXAMPLE_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: error.message });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

const require = createRequire(import.meta.url);
const binOf = (name: string) => join(dirname(require.resolve(`${name}/package.json`)), 'dist', 'bin.js');

export interface ReadmeExampleOptions {
  /** Where shell examples run (default: the scratch folder); script examples always run beside the README. */
  cwd?: string;
  /** Files the examples read as the user's own (name → text), written into the scratch folder before each example. */
  files?: Record<string, string>;
  /** Commands the examples call as the user's own (name → a shell script's body), on PATH. */
  commands?: Record<string, string>;
}

/**
 * Runs every example of the README at `readmePath` (relative to the
 * repository's root) as a vitest suite.
 */
export function describeReadmeExamples(readmePath: string, options: ReadmeExampleOptions = {}): void {
  const readmeDir = dirname(join(repoRoot, readmePath));
  const all = readmeBlocks(readFileSync(join(repoRoot, readmePath), 'utf8'));
  const blocks = all.filter(isExample);
  const runnable = blocks.filter((block) => block.notRun === undefined && block.file === undefined);
  const files = all.filter((block) => block.file !== undefined);

  describe(`the examples of ${readmePath}`, () => {
    let server: MockServer;
    let scratch: string;
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      server = await startMockServer();
      // Inside the README's folder, so that the examples' imports resolve as in a user's project.
      scratch = mkdtempSync(join(readmeDir, '.readme-examples-'));
      const bin = join(scratch, 'bin');
      mkdirSync(bin);
      mkdirSync(join(scratch, 'config'));
      const commands: Record<string, string> = {
        ...options.commands,
        petstore: `exec '${process.execPath}' '${binOf('@petstore/cli')}' "$@"`,
        'petstore-mock': `exec '${process.execPath}' '${binOf('@petstore/mock-server')}' "$@"`,
      };
      for (const [command, body] of Object.entries(commands)) {
        writeFileSync(join(bin, command), `#!/bin/sh\n${body}\n`);
        chmodSync(join(bin, command), 0o755);
      }
      env = {
        ...process.env,
        PATH: [bin, dirname(process.execPath), process.env['PATH'] ?? ''].join(delimiter),
        PETSTORE_BASE_URL: server.url,
        PETSTORE_API_KEY: DEV_API_KEY,
        PETSTORE_CONFIG_DIR: join(scratch, 'config'),
        NO_COLOR: '1',
      };
    });

    afterAll(async () => {
      await server?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    beforeEach(() => {
      server.reset();
      for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(scratch, name), text);
    });

    it('says why each example that is not run is not', () => {
      for (const block of blocks.filter(({ notRun }) => notRun !== undefined)) {
        expect(block.notRun, `the <!-- not run --> before line ${block.line} gives no reason`).not.toBe('');
      }
    });

    // A block shown from a file that runs elsewhere: the README cannot drift from it.
    if (files.length > 0) it.each(files.map((block) => ({ ...block, name: `line ${block.line}: ${block.file}` })))('$name is that file, as it runs', ({ code, file = '' }) => {
      expect(code).toBe(readFileSync(join(readmeDir, file), 'utf8'));
    });

    it.each(runnable.map((block) => ({ ...block, name: exampleName(block) })))('$name', async (block) => {
      const source = block.code.replaceAll(README_ORIGIN, server.origin);
      const shell = SHELL.has(block.language);
      const file = join(scratch, shell ? 'example.sh' : `example.${SCRIPT[block.language]}`);
      writeFileSync(file, shell ? `set -euo pipefail\n${source}` : source);
      const { code, stdout, stderr } = await runExample(shell ? 'bash' : process.execPath, file, shell ? (options.cwd ?? scratch) : scratch, env);
      expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
      const expected = expectedLines(block.code);
      if (expected.length > 0) expect(stdout.trimEnd().split('\n')).toEqual(expected);
    });
  });
}
