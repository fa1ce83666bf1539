import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../../test/support/mock-server-process.js';

/**
 * For the `--data` suites: a path in a scratch folder of its own, and the built
 * binary started with arguments; after each test the servers are stopped and
 * the folders removed.
 */
export function useDataFileServers(prefix: string) {
  const running: MockServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dataFile(name = 'pets.db'): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return join(dir, name);
    },
    async start(args: readonly string[]): Promise<MockServerProcess> {
      const server = await startMockServerProcess(args);
      running.push(server);
      return server;
    },
    /** Stops `server`, started some other way, after the test too. */
    track(server: MockServerProcess): MockServerProcess {
      running.push(server);
      return server;
    },
  };
}
