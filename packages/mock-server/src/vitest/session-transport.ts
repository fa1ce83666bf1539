import type { SeedPet } from '../core/index.js';
import type { RemoteSession } from '../test-kit/remote-session.js';
import type { Transport } from './transport.js';

/**
 * `session` as the file's transport: reset before each test (to `seed`, or
 * the server's own), its journal's refused requests read after each, ended
 * after the file.
 */
export function sessionTransport(session: RemoteSession, seed: number | SeedPet[] | undefined): Transport {
  return {
    async start() {},
    reset: () => session.controls.reset(seed),
    refused: () => session.refused(),
    stop: () => session.end(),
  };
}
