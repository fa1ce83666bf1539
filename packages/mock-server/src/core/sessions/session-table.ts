import type { MockApi } from '../create-mock-api.js';
import type { MockRequest } from '../api/exchange.js';
import { HttpError } from '../api/http-error.js';
import type { SessionInfo } from '../admin/session-admin.js';
import type { Session } from './sessions.js';

/** One session as the table keeps it. */
export interface SessionEntry {
  session: Session;
  api: MockApi;
  created: number;
  /** When a request last arrived or ended, or its controls were used in code. */
  lastUsed: number;
  /** Requests routed to it whose answers are not yet out: while any is, it is not idle. */
  inFlight: number;
}

/** Lets a Node.js timer not keep the process alive; browsers' timers never do. */
function unref(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') timer.unref();
}

/** How often idle sessions are looked for: often enough that one ends within half its idle time late. */
const sweepInterval = (idleMs: number): number => Math.min(Math.max(Math.ceil(idleMs / 2), 10), 60_000);

/**
 * The live sessions by name: at most `maxSessions` (one more is refused, none
 * is evicted), each ended after `idleMs` without use and with no request in
 * flight, by a sweep that runs only while there is a session.
 */
export class SessionTable {
  readonly #entries = new Map<string, SessionEntry>();
  #sweep: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly maxSessions: number,
    readonly idleMs: number,
  ) {}

  /** Throws `too_many_sessions` (503) when the table is full: what to check before making a session. */
  checkRoom(): void {
    if (this.#entries.size < this.maxSessions) return;
    throw new HttpError(
      'too_many_sessions',
      `This server keeps at most ${this.maxSessions} sessions and has that many: end one (DELETE /__admin/sessions/NAME; GET /__admin/sessions lists them), let one stay idle for ${this.idleMs / 1000} s, or start the server with a larger --max-sessions`,
    );
  }

  add(entry: SessionEntry): void {
    this.#entries.set(entry.session.name, entry);
    if (this.#sweep === undefined) {
      this.#sweep = setInterval(() => this.endIdle(), sweepInterval(this.idleMs));
      unref(this.#sweep);
    }
  }

  /**
   * The live session `name`; one idle too long counts as ended even before the sweep comes by. One with a
   * request in flight is not idle: ending it would lose what that request stores after its answer is promised.
   */
  live(name: string, now: number): SessionEntry | undefined {
    const entry = this.#entries.get(name);
    if (entry && entry.inFlight === 0 && now - entry.lastUsed >= this.idleMs) {
      this.end(name);
      return undefined;
    }
    return entry;
  }

  endIdle(): void {
    const now = Date.now();
    for (const name of [...this.#entries.keys()]) this.live(name, now);
  }

  end(name: string): boolean {
    const ended = this.#entries.delete(name);
    if (this.#entries.size === 0 && this.#sweep !== undefined) {
      clearInterval(this.#sweep);
      this.#sweep = undefined;
    }
    return ended;
  }

  /** Ends `entry` if it is still the session of its name: a later one of the same name is another. */
  endOnly(entry: SessionEntry): void {
    if (this.#entries.get(entry.session.name) === entry) this.end(entry.session.name);
  }

  list(): SessionInfo[] {
    this.endIdle();
    return [...this.#entries.entries()].map(([name, entry]) => ({
      name,
      created: new Date(entry.created).toISOString(),
      lastUsed: new Date(entry.lastUsed).toISOString(),
      // The session's own controls, not its handle's: listing it is no use of it.
      animals: entry.api.store.size,
      requests: entry.api.requests.count,
      inFlight: entry.inFlight,
    }));
  }

  /** Ends every session and stops the sweep. */
  close(): void {
    for (const name of [...this.#entries.keys()]) this.end(name);
  }
}

/**
 * Counts `request` in flight on `entry` from now until its answer is out: the core done with it (a slow
 * upload and a staged delay are inside that) and, where the transport tells, the response written or its
 * connection closed. The idle time counts from then. Returns what to call when the core is done.
 */
export function holdWhileAnswering(entry: SessionEntry, request: MockRequest): () => void {
  entry.inFlight += 1;
  entry.lastUsed = Date.now();
  let pending = request.onResponseEnd === undefined ? 1 : 2;
  const release = () => {
    pending -= 1;
    if (pending > 0) return;
    entry.inFlight -= 1;
    entry.lastUsed = Date.now();
  };
  request.onResponseEnd?.(release);
  return release;
}
