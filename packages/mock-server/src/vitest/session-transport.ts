import type { RefusedRequest, SeedPet } from '../core/index.js';
import { createSessionControls, type SessionControls } from './session-controls.js';
import type { Transport } from './transport.js';

/** Where a session lives on a shared server, and its controls. */
export interface SessionHandle {
  /** The session's name: `/sessions/NAME/v1`. */
  name: string;
  /** The session's admin API: `<origin>/sessions/NAME/__admin`. */
  admin: string;
  controls: SessionControls;
}

/**
 * Session `name` of the petstore-mock at `origin`: reset before each test
 * (to `seed`, or the server's own), its journal's refused requests read after
 * each, ended after the file.
 */
export function sessionTransport(origin: string, name: string, apiKey: string, seed: number | SeedPet[] | undefined): { transport: Transport; session: SessionHandle } {
  const admin = `${origin}/sessions/${name}/__admin`;
  const controls = createSessionControls(admin, apiKey);

  const transport: Transport = {
    async start() {},
    reset: () => controls.reset(seed),
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
    async stop() {
      const ended = await fetch(`${origin}/__admin/sessions/${name}`, { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } });
      // 404: it had already ended (idle, or by another hand); either way it is gone.
      if (ended.status !== 204 && ended.status !== 404) throw new Error(`ending session ${name} failed: ${ended.status} ${await ended.text()}`);
    },
  };
  return { transport, session: { name, admin, controls } };
}
