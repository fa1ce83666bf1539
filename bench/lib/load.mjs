// The parent's handle on a load-generator process (load-child.mjs): start it,
// ask it for autocannon runs one at a time, each with a hard deadline after
// which the child is killed and the run fails, and stop it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath, URL } from 'node:url';
import { setTimeout, clearTimeout } from 'node:timers';
import { closeIpcChild, track } from './children.mjs';

const CHILD = fileURLToPath(new URL('./load-child.mjs', import.meta.url));

export class LoadGenerator {
  /** @param {import('node:child_process').ChildProcess} child */
  constructor(child) {
    this.child = child;
    this.nextId = 1;
  }

  get pid() {
    return this.child.pid;
  }

  static async start() {
    const child = track(fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const [message] = await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`load generator exited at start-up (code ${code})`);
      }),
    ]);
    if (message?.type !== 'ready') throw new Error(`load generator: unexpected first message ${JSON.stringify(message)}`);
    return new LoadGenerator(child);
  }

  /**
   * One autocannon run with `options` (plain data: it crosses the IPC channel).
   * Rejects, killing the child, if no result arrives within `deadlineMs`.
   */
  run(options, deadlineMs) {
    const id = this.nextId++;
    const child = this.child;
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (message) => {
        if (message?.id !== id) return;
        cleanup();
        if (message.type === 'result') resolve(message.result);
        else reject(new Error(`autocannon failed: ${message.message}`));
      };
      const onExit = (code, signal) => {
        cleanup();
        reject(new Error(`load generator exited during a run (code ${code}, signal ${signal})`));
      };
      const timer = setTimeout(() => {
        cleanup();
        child.kill('SIGKILL');
        reject(new Error(`autocannon run did not finish within ${deadlineMs} ms; load generator killed`));
      }, deadlineMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ type: 'run', id, options });
    });
  }

  /** Asks the child to exit; SIGTERM, then SIGKILL, if it has not within a second or two. */
  close() {
    return closeIpcChild(this.child, 1_000);
  }
}
