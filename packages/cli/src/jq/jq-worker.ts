/**
 * One `--jq` evaluation, in a worker thread that run-jq.ts starts and ends: jq
 * runs synchronously, so only a thread of its own leaves the main thread free
 * to see Ctrl-C and the clock. The worker enforces the bounds it can count as
 * jq works (results, output bytes, memory) and stops jq at once when one is
 * met; the main thread enforces the time and ends the worker.
 *
 * It imports nothing of the CLI's own but types: the unit tests run it from
 * source, where Node.js strips types and resolves no `.js` to a `.ts`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { JqJob, JqOutcome } from './jq-job.js';

/** The options of jq-web's Emscripten factory that this file sets. */
interface JqModuleOptions {
  preRun: [];
  printErr(text: string): void;
  stdout(byte: number): void;
  stderr(byte: number): void;
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object;
}

/** jq-web's instance: `raw` runs `jq FLAGS FILTER` on the input; it throws on a non-zero exit (with `exitCode`) or an abort. */
interface JqModule {
  raw(input: Uint8Array, filter: string, flags: string[]): string | undefined;
}

type JqFactory = (options: JqModuleOptions) => Promise<JqModule>;

/** Bytes appended one at a time, as jq writes them (the caller bounds how many). */
interface ByteSink {
  push(byte: number): void;
  bytes(): Uint8Array;
}

function createByteSink(): ByteSink {
  let buffer = new Uint8Array(64 * 1024);
  let length = 0;
  return {
    push(byte) {
      if (length === buffer.length) {
        const larger = new Uint8Array(length * 2);
        larger.set(buffer);
        buffer = larger;
      }
      buffer[length++] = byte;
    },
    bytes: () => buffer.slice(0, length),
  };
}

const STOP_LOADING = Symbol('stop loading');

/**
 * jq-web's Emscripten factory. Its module exports only a promise of an
 * instance it starts itself, which keeps jq's output in an array of one number
 * per byte and hands it over when jq ends. Before that, it gives the factory
 * (which takes our options) to an AMD `define` when there is one: this one
 * keeps it and stops the script there, so that no second instance starts.
 */
function loadJqFactory(file: string): JqFactory {
  let factory: JqFactory | undefined;
  const define = Object.assign(
    (_dependencies: unknown, get: () => JqFactory) => {
      factory = get();
      throw STOP_LOADING;
    },
    { amd: true },
  );
  const script = compileFunction(readFileSync(file, 'utf8'), ['module', 'exports', 'require', '__filename', '__dirname', 'define'], { filename: file });
  try {
    script(undefined, undefined, createRequire(file), file, dirname(file), define);
  } catch (error) {
    if (error !== STOP_LOADING) throw error;
  }
  if (!factory) throw new Error(`jq-web (${file}) did not define its factory`);
  return factory;
}

/** jq, its output going to `stdout` and `stderr` a byte at a time, its heap never above `memoryBytes`. */
async function startJq(memoryBytes: number, stdout: (byte: number) => void, stderr: (byte: number) => void): Promise<JqModule> {
  const file = createRequire(import.meta.url).resolve('jq-web');
  const wasm = readFileSync(join(dirname(file), 'jq.wasm'));
  return loadJqFactory(file)({
    // jq-web's own preRun sends the output to its buffers; without it, Emscripten reads `stdout` and `stderr` here.
    preRun: [],
    // Emscripten's own messages (`Aborted()` when jq finds no memory), not jq's: the outcome says what happened.
    printErr: () => {},
    stdout,
    stderr,
    instantiateWasm(imports, done) {
      void WebAssembly.instantiate(wasm, imports).then(({ instance, module }) => {
        const memory = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
        if (!memory) throw new Error('jq.wasm exports no memory');
        // Emscripten grows the heap only through this call, and takes a throw as "no memory": jq's malloc fails and jq aborts.
        const grow = memory.grow.bind(memory);
        memory.grow = (pages: number) => {
          if (memory.buffer.byteLength + pages * 65_536 > memoryBytes) throw new RangeError('the --jq memory bound');
          return grow(pages);
        };
        done(instance, module);
      });
      return {};
    },
  });
}

const NEWLINE = 10;
const job = workerData as JqJob;
const port = parentPort;
if (!port) throw new Error('jq-worker.ts runs as a worker thread');

/**
 * Says a bound was met and ends the thread at once, from inside jq's write:
 * a throw would not do, as Emscripten turns it into an I/O error that jq
 * reports and carries on after.
 */
const stopAt = (bound: 'results' | 'output'): never => {
  port.postMessage({ kind: 'bound', bound } satisfies JqOutcome);
  process.exit();
};

// One budget of bytes for results and debug lines: either can be endless (`repeat(debug)`).
let budget = job.outputBytes;
const spend = (): void => {
  if (--budget < 0) stopAt('output');
};
const stdout = createByteSink();
const stderr = createByteSink();
let results = 0;
const jq = await startJq(
  job.memoryBytes,
  (byte) => {
    spend();
    // jq -c ends each result with a newline, and escapes any in a string.
    if (byte === NEWLINE && ++results > job.results) stopAt('results');
    stdout.push(byte);
  },
  (byte) => {
    spend();
    stderr.push(byte);
  },
);

/** What jq-web attaches to what it throws for a non-zero exit. */
interface JqFailure {
  exitCode?: number;
}

function evaluate(): JqOutcome {
  try {
    jq.raw(job.input, job.expression, ['-c']);
    return { kind: 'done', stdout: stdout.bytes(), stderr: stderr.bytes() };
  } catch (error) {
    // An abort (a WebAssembly.RuntimeError) after jq found no memory within the bound.
    if (error instanceof WebAssembly.RuntimeError && new TextDecoder().decode(stderr.bytes()).includes('cannot allocate memory')) return { kind: 'bound', bound: 'memory' };
    const { exitCode } = error as JqFailure;
    if (typeof exitCode === 'number') return { kind: 'failed', exitCode, stderr: stderr.bytes() };
    throw error;
  }
}

port.postMessage(evaluate());
