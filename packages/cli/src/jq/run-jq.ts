import { Worker } from 'node:worker_threads';
import type { JqBounds, JqJob, JqOutcome } from './jq-job.js';

// Built, this chunk sits in dist/ beside jq-worker.js (tsup.config.ts); the unit tests import
// src/, where Node.js runs the worker's TypeScript itself.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './jq-worker.ts' : './jq-worker.js', import.meta.url);

/**
 * The worker's own JavaScript heap: jq-web's code and the output, which it
 * keeps outside the heap. jq's data lives in its WebAssembly memory, which
 * these limits do not reach: the worker bounds that (JqJob.memoryBytes).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/**
 * Runs `jq -c EXPRESSION` on the JSON text in a worker thread, within the
 * bounds: past one the worker is ended and the outcome names the bound. The
 * main thread stays free meanwhile, so Ctrl-C ends the process (and the
 * worker with it) at once.
 */
export function runJq(json: string, expression: string, { timeoutMs, ...counted }: JqBounds & { timeoutMs: number }): Promise<JqOutcome> {
  const input = new TextEncoder().encode(json);
  const job: JqJob = { input, expression, ...counted };
  const worker = new Worker(WORKER, { workerData: job, transferList: [input.buffer], resourceLimits: RESOURCE_LIMITS });
  return new Promise<JqOutcome>((resolve, reject) => {
    const settle = (outcome: JqOutcome | Error) => {
      // Later events (the exit that terminate() causes) settle nothing: a promise settles once.
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => settle({ kind: 'bound', bound: 'time' }), timeoutMs);
    worker.on('message', (outcome: JqOutcome) => settle(outcome));
    worker.on('error', (error: Error & { code?: string }) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'bound', bound: 'memory' } : error));
    worker.on('exit', (code) => settle(new Error(`the jq worker ended (exit ${code}) without an outcome`)));
  });
}
