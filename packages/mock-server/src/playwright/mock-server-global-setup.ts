import { startMockServer, type MockServerOptions } from '../node/start-mock-server.js';
import { MOCK_URL_VARIABLE } from '../test-kit/server-origin.js';

/**
 * Playwright's global set-up, `export default mockServerGlobalSetup()` in the
 * file the config's `globalSetup` names: it starts one petstore-mock for the
 * run (any free port unless `options.port`) and hands its origin to the
 * workers in `PETSTORE_MOCK_URL`; what it returns is the global teardown,
 * which closes it. With `PETSTORE_MOCK_URL` already set, it starts nothing
 * and the run uses that server.
 */
export function mockServerGlobalSetup(options: MockServerOptions = {}): () => Promise<() => Promise<void>> {
  return async () => {
    if (process.env[MOCK_URL_VARIABLE]) return async () => {};
    const server = await startMockServer(options);
    // Workers start after the global set-up and inherit its environment.
    process.env[MOCK_URL_VARIABLE] = server.origin;
    return async () => {
      // So that a set-up run again in this process (watch and UI modes) starts a server again.
      delete process.env[MOCK_URL_VARIABLE];
      await server.close();
    };
  };
}
