// The installed `petstore-mock` bin in a child process, on 127.0.0.1 and a port
// the OS picks; its URL read from the banner, as test/support/mock-server-process.ts does.
import { spawn } from 'node:child_process';
import { lastLines, pathWithThisNode, track } from './run-command.mjs';

const START_TIMEOUT_MS = 15_000;

/** Starts the mock from `bin`, runs `use(url)`, and stops the mock whatever `use` did. */
export async function withMockServer(bin, use) {
  const server = await startMockServer(bin);
  try {
    return await use(server.url);
  } finally {
    await server.stop();
  }
}

function startMockServer(bin) {
  const child = track(
    spawn(bin, ['--port', '0', '--host', '127.0.0.1', '--log', 'off'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The development key only: not a key of the user's from the environment.
      env: { ...process.env, PATH: pathWithThisNode, PETSTORE_MOCK_API_KEYS: '' },
      detached: true,
    }),
  );
  const exited = new Promise((resolve) => child.once('close', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(timer);
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`petstore-mock did not print its URL within ${START_TIMEOUT_MS / 1000} s:\n${lastLines(output, 20)}`));
    }, START_TIMEOUT_MS);
    const onData = (data) => {
      output += data;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`petstore-mock: ${error.message}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`petstore-mock exited before listening:\n${lastLines(output, 20)}`));
    });
  });
}
