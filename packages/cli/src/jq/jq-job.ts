/**
 * What the main thread and the jq worker (jq-worker.ts) send each other: one
 * job in, one outcome back. Types only: the worker imports nothing else of the
 * CLI's (see there).
 */

/** The bounds the worker enforces itself, as jq works. */
export interface JqBounds {
  /** Results beyond this many stop jq at once. */
  results: number;
  /** Bytes of results and `debug` lines together beyond this many stop jq at once. */
  outputBytes: number;
  /** jq's WebAssembly memory never grows beyond this. */
  memoryBytes: number;
}

/** One evaluation: the JSON text as UTF-8 (moved to the worker, not copied). */
export interface JqJob extends JqBounds {
  input: Uint8Array;
  expression: string;
}

/** A bound the expression met; `time` is the main thread's, the others the worker's. */
export type JqBound = 'results' | 'output' | 'memory' | 'time';

export type JqOutcome =
  /** jq finished: its compact output (one result a line) and what it wrote on stderr (`debug`). */
  | { kind: 'done'; stdout: Uint8Array; stderr: Uint8Array }
  /** jq exited non-zero: 3 a compile error, 5 an error on the data; its stderr tells which. */
  | { kind: 'failed'; exitCode: number; stderr: Uint8Array }
  | { kind: 'bound'; bound: JqBound };
