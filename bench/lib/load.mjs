// The parent's handle on the load generator (load-child.mjs): autocannon runs one at a time, each
// with a deadline after which the child is killed and the run fails.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { stopChild, track } from './children.mjs';

const CHILD = fileURLToPath(new URL('./load-child.mjs', import.meta.url));

export async function startLoad() {
  const child = track(fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  await once(child, 'message'); // ready
  return {
    pid: child.pid,
    /** One autocannon run with `options` (plain data: it crosses the IPC channel). */
    run: (options, deadlineMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
        const onExit = (code, signal) => reject(new Error(`load generator ended during a run (code ${code}, signal ${signal}; deadline ${deadlineMs} ms)`));
        child.once('exit', onExit);
        child.once('message', (message) => {
          clearTimeout(timer);
          child.off('exit', onExit);
          if (message.error) reject(new Error(`autocannon: ${message.error}`));
          else resolve(message.result);
        });
        child.send(options);
      }),
    close: () => stopChild(child, 2_000),
  };
}
