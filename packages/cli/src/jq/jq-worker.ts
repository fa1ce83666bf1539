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
  printErr(text: string): void;
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object;
}

/** jq-web's instance: `raw` runs `jq FLAGS FILTER` on the input; it throws on a non-zero exit (with `exitCode`) or an abort. */
interface JqModule {
  raw(input: Uint8Array, filter: string, flags: string[]): string | undefined;
}

type JqFactory = (options: JqModuleOptions) => Promise<JqModule>;

/** WASI's `fd_write`, through which jq's C library writes stdout and stderr: iovcnt (pointer, length) pairs at iov; the count written goes to pnum. */
type FdWrite = (fd: number, iov: number, iovcnt: number, pnum: number) => number;

/**
 * Bytes as jq writes them, in one buffer that doubles as it fills: stderr
 * comes a byte at a time (jq's `debug` writes unbuffered), which as one array
 * each would fill the worker's heap long before the byte bound.
 */
interface ByteSink {
  append(bytes: Uint8Array): void;
  bytes(): Uint8Array;
}

function createByteSink(): ByteSink {
  let buffer = new Uint8Array(64 * 1024);
  let length = 0;
  return {
    append(bytes) {
      if (length + bytes.length > buffer.length) {
        const larger = new Uint8Array(Math.max(buffer.length * 2, length + bytes.length));
        larger.set(buffer.subarray(0, length));
        buffer = larger;
      }
      buffer.set(bytes, length);
      length += bytes.length;
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

/**
 * jq, whose writes to stdout and stderr go to `output` as they happen (not to
 * Emscripten's files, which take them a byte at a time), and whose heap never
 * grows above `memoryBytes`.
 */
async function startJq(memoryBytes: number, output: (fd: 1 | 2, bytes: Uint8Array) => void): Promise<JqModule> {
  const file = createRequire(import.meta.url).resolve('jq-web');
  const wasm = readFileSync(join(dirname(file), 'jq.wasm'));
  let memory: WebAssembly.Memory | undefined;
  return loadJqFactory(file)({
    // Emscripten's own messages (`Aborted()` when jq finds no memory), not jq's: the outcome says what happened.
    printErr: () => {},
    instantiateWasm(imports, done) {
      // Emscripten passes one object as both `env` and `wasi_snapshot_preview1`.
      const host = { ...imports['wasi_snapshot_preview1'] };
      const fdWrite = host['fd_write'] as FdWrite;
      host['fd_write'] = (fd: number, iov: number, iovcnt: number, pnum: number): number => {
        if ((fd !== 1 && fd !== 2) || !memory) return fdWrite(fd, iov, iovcnt, pnum);
        const { buffer } = memory;
        const pairs = new Uint32Array(buffer, iov, iovcnt * 2);
        let written = 0;
        for (let index = 0; index < iovcnt; index++) {
          const length = pairs[index * 2 + 1] ?? 0;
          output(fd, new Uint8Array(buffer, pairs[index * 2] ?? 0, length));
          written += length;
        }
        new Uint32Array(buffer, pnum, 1)[0] = written;
        return 0;
      };
      void WebAssembly.instantiate(wasm, { ...imports, env: host, wasi_snapshot_preview1: host }).then(({ instance, module }) => {
        const exported = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
        if (!exported) throw new Error('jq.wasm exports no memory');
        // Emscripten grows the heap only through this call, and takes a throw as "no memory": jq's malloc fails and jq aborts.
        const grow = exported.grow.bind(exported);
        exported.grow = (pages: number) => {
          if (exported.buffer.byteLength + pages * 65_536 > memoryBytes) throw new RangeError('the --jq memory bound');
          return grow(pages);
        };
        memory = exported;
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
 * a throw would not do, as jq takes a failed write for an I/O error, reports
 * it and carries on.
 */
const stopAt = (bound: 'results' | 'output'): never => {
  port.postMessage({ kind: 'bound', bound } satisfies JqOutcome);
  process.exit();
};

const written = { 1: createByteSink(), 2: createByteSink() };
// One budget of bytes for results and debug lines: either can be endless (`repeat(debug)`).
let budget = job.outputBytes;
let results = 0;
const jq = await startJq(job.memoryBytes, (fd, bytes) => {
  if (fd === 1) {
    // jq -c ends each result with a newline, and escapes any in a string.
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) if (++results > job.results) stopAt('results');
  }
  budget -= bytes.length;
  if (budget < 0) stopAt('output');
  written[fd].append(bytes);
});

/** What jq-web attaches to what it throws for a non-zero exit. */
interface JqFailure {
  exitCode?: number;
}

function evaluate(): JqOutcome {
  try {
    jq.raw(job.input, job.expression, ['-c']);
    return { kind: 'done', stdout: written[1].bytes(), stderr: written[2].bytes() };
  } catch (error) {
    const stderr = written[2].bytes();
    // An abort (a WebAssembly.RuntimeError) after jq found no memory within the bound.
    if (error instanceof WebAssembly.RuntimeError && new TextDecoder().decode(stderr).includes('cannot allocate memory')) return { kind: 'bound', bound: 'memory' };
    const { exitCode } = error as JqFailure;
    if (typeof exitCode === 'number') return { kind: 'failed', exitCode, stderr };
    throw error;
  }
}

port.postMessage(evaluate());
