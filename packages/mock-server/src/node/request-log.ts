import { styleText } from 'node:util';
import type { ErrorExplanation } from '../core/index.js';

/** One line per request; never the `Authorization` value, never a body. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** The client's `User-Agent`, as it sent it (the journal keeps it among the headers). */
  userAgent?: string | undefined;
  /** An error answer's code and message: the same the journal keeps. */
  error?: ErrorExplanation | undefined;
}

export interface RequestLog {
  request(entry: RequestLogEntry): void;
  error(message: string, details: { requestId: string; error: unknown }): void;
}

export type LogFormat = 'pretty' | 'json' | 'off';

/** Where log lines go; the server's entry point passes process.stdout/stderr. */
export interface LogStreams {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

function statusStyle(status: number): 'green' | 'yellow' | 'red' {
  if (status >= 500) return 'red';
  return status >= 400 ? 'yellow' : 'green';
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Lines for `stream`, written together once per turn of the event loop: under
 * load one write carries many lines instead of one write each, and a write to
 * a pipe or a terminal is what a logged request costs most. What it earns:
 * docs/benchmarks.md, "Optimisations kept, and what each earns".
 */
function batchedLines(stream: NodeJS.WritableStream): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    const lines = pending;
    pending = [];
    stream.write(lines.join(''));
  };
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
}

/**
 * A request log: `pretty` for people (colour when the stream is a terminal and
 * NO_COLOR is unset: styleText decides), `json` lines for machines, or `off`.
 */
export function createRequestLog(format: LogFormat, streams: LogStreams): RequestLog {
  if (format === 'off') {
    return { request: () => {}, error: (message, { requestId, error }) => streams.err.write(`${message} [${requestId}]: ${describe(error)}\n`) };
  }
  const writeLine = batchedLines(streams.out);
  if (format === 'json') {
    return {
      request: (entry) => writeLine(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...entry, durationMs: round(entry.durationMs) })}\n`),
      error: (message, { requestId, error }) =>
        streams.err.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', message, requestId, error: describe(error) })}\n`),
    };
  }
  const style = (format: Parameters<typeof styleText>[0], text: string, stream: NodeJS.WritableStream) =>
    styleText(format, text, { stream });
  return {
    request: ({ method, path, status, durationMs, requestId, userAgent, error }) =>
      writeLine(
        `${style('bold', method.padEnd(7), streams.out)} ${path} ${style(statusStyle(status), String(status), streams.out)} ${style('dim', `${round(durationMs)} ms ${requestId}${quoted(userAgent)}`, streams.out)}${explanation(error)}\n`,
      ),
    error: (message, { requestId, error }) =>
      streams.err.write(`${style('red', message, streams.err)} [${requestId}]\n${describe(error)}\n`),
  };
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const UNSAFE_ON_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Control and bidi characters as `\uXXXX`: a message quoting what a client sent stays one line that cannot restyle a terminal. */
const oneLine = (text: string): string => text.replace(UNSAFE_ON_TERMINAL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Most characters of a User-Agent the pretty line shows: the client chose it. */
const USER_AGENT_SHOWN = 200;

/**
 * The pretty line's User-Agent, after the request id: quoted (it has spaces),
 * one line, cut at USER_AGENT_SHOWN. A `"` or `\` in it escaped with a `\`,
 * as Apache's log does, so that the quotes end where the User-Agent does.
 */
const quoted = (userAgent: string | undefined): string =>
  userAgent ? ` "${oneLine((userAgent.length > USER_AGENT_SHOWN ? `${userAgent.slice(0, USER_AGENT_SHOWN)}…` : userAgent).replace(/["\\]/g, '\\$&'))}"` : '';

/** The pretty line's explanation of an error answer, after its request id. */
const explanation = (error: ErrorExplanation | undefined): string => (error ? ` ${error.code}: ${oneLine(error.message)}` : '');
