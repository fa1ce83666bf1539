import * as z from 'zod/mini';
import type { MockRequest } from '../api/exchange.js';
import { HttpError } from '../api/http-error.js';
import type { OperationResult } from '../api/operations.js';
import { refuseUnknownParameters } from './admin-query.js';

/** Where a session's API lives: `/sessions/NAME/v1`, its admin API `/sessions/NAME/__admin`. */
export const SESSIONS_PATH = '/sessions';
/** The server's list of sessions, and `DELETE …/NAME` to end one. */
export const ADMIN_SESSIONS_PATH = '/__admin/sessions';

export const SESSION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SESSION_NAME_RULE = '1 to 64 letters (A-Z, a-z), digits, "_" or "-"';

/** A session as `GET /__admin/sessions` lists it. */
export const SessionInfo = /* @__PURE__ */ z.object({
  name: z.string(),
  /** When its first request arrived, ISO 8601. */
  created: z.string(),
  /** When it was last used, ISO 8601: its latest request's arrival or end, whichever is later. It ends once idle that long past it with no request in flight. */
  lastUsed: z.string(),
  /** Animals in its store. */
  animals: z.int(),
  /** Requests in its journal. */
  requests: z.int(),
  /** Requests it is answering now (a slow upload, a staged delay, a response still being written): while any is, it does not end idle. */
  inFlight: z.int(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** What the admin API of the server (not a session's) reads of its sessions. */
export interface SessionDirectory {
  list(): SessionInfo[];
  /** Ends a session; false when there is none of that name. */
  end(name: string): boolean;
}

/** A 400 naming the rule when `name` is no session name. */
export function checkSessionName(name: string): void {
  if (!SESSION_NAME.test(name)) {
    throw new HttpError('invalid_request', `path: the session name ${JSON.stringify(name.slice(0, 80))} must be ${SESSION_NAME_RULE}`);
  }
}

/** `GET /__admin/sessions` and `DELETE /__admin/sessions/NAME`. */
export function handleSessionAdmin(request: MockRequest, sessions: SessionDirectory): OperationResult {
  if (request.path === ADMIN_SESSIONS_PATH) {
    if (request.method !== 'GET') throw new HttpError('method_not_allowed', `${request.path} allows GET, not ${request.method}`, { allow: 'GET' });
    refuseUnknownParameters(request, []);
    return { status: 200, body: JSON.stringify(sessions.list()) };
  }
  if (request.method !== 'DELETE') throw new HttpError('method_not_allowed', `${request.path} allows DELETE, not ${request.method}`, { allow: 'DELETE' });
  const name = request.path.slice(ADMIN_SESSIONS_PATH.length + 1);
  checkSessionName(name);
  refuseUnknownParameters(request, []);
  if (!sessions.end(name)) throw new HttpError('not_found', `No session named ${name}: GET ${ADMIN_SESSIONS_PATH} lists them`);
  return { status: 204, body: undefined };
}
