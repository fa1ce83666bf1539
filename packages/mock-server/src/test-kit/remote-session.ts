import type { RefusedRequest } from '../core/index.js';
import { createSessionControls, type SessionControls } from './session-controls.js';

/** Session `name` of a petstore-mock in another process, as a test runner's hooks or fixtures use it. */
export interface RemoteSession {
  /** The session's name: `/sessions/NAME/v1`. */
  name: string;
  /** Its API, `<origin>/sessions/NAME/v1`: what the app under test is given. */
  baseUrl: string;
  /** Its admin API: `<origin>/sessions/NAME/__admin`. */
  admin: string;
  controls: SessionControls;
  /** What the session's journal holds of the requests the contract refused since its last reset. */
  refused(): Promise<RefusedRequest[]>;
  /** Ends the session; one that had already ended (idle, or by another hand) is gone all the same. */
  end(): Promise<void>;
}

/** Session `name` of the petstore-mock at `origin`, reached with `apiKey`. It is created by its first request. */
export function remoteSession(origin: string, name: string, apiKey: string): RemoteSession {
  const admin = `${origin}/sessions/${name}/__admin`;
  const controls = createSessionControls(admin, apiKey);
  return {
    name,
    baseUrl: `${origin}/sessions/${name}/v1`,
    admin,
    controls,
    async refused() {
      const entries = await controls.requests.list({ refused: true });
      return entries.map(({ method, path, status, requestId, operation, error }): RefusedRequest => ({
        method,
        path,
        status,
        requestId,
        ...(operation && { operation }),
        code: error?.code ?? '',
        message: error?.message ?? '',
      }));
    },
    async end() {
      const ended = await fetch(`${origin}/__admin/sessions/${name}`, { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } });
      // 404: it had already ended; either way it is gone.
      if (ended.status !== 204 && ended.status !== 404) throw new Error(`ending session ${name} failed: ${ended.status} ${await ended.text()}`);
    },
  };
}
