import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The built `petstore-mock` binary, found the way an installed package is. */
export const mockServerBin = join(require.resolve('@petstore/mock-server/package.json'), '..', 'dist', 'bin.js');

export interface MockServerProcess {
  /** Base address, e.g. `http://127.0.0.1:43121/v1`. */
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Stops the process (SIGTERM, then SIGKILL after 2 s) and waits for it. */
  stop: () => Promise<void>;
}

/**
 * Starts the real mock server binary in a child process on 127.0.0.1 and an
 * OS-picked port, and resolves once its banner names the URL.
 */
export function startMockServerProcess(args: readonly string[] = []): Promise<MockServerProcess> {
  const child = spawn(process.execPath, [mockServerBin, '--port', '0', '--log', 'off', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child, output: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`petstore-mock exited before listening:\n${output}`)));
  });
}
