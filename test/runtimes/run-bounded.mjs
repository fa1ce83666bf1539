import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** The process groups running now, for stopAll(). */
const running = new Set();

/** Kills every command still running (Ctrl-C on the matrix must not leave a browser behind). */
export function stopAll() {
  for (const group of running) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Runs a command with its output (stdout and stderr, interleaved) in `logFile`,
 * and kills it with everything it started (a browser, vitest's workers) once
 * `timeoutMs` has passed: a runtime that hangs costs its bound, not the CI run.
 * @returns {Promise<{ code: number | null, timedOut: boolean, seconds: number, output: string }>}
 */
export async function runBounded(command, args, { cwd, env, logFile, timeoutMs }) {
  const log = openSync(logFile, 'w');
  const started = performance.now();
  // Its own process group, so that the kill reaches the grandchildren too.
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  if (child.pid) running.add(child.pid);
  let timedOut = false;
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup('SIGTERM');
    setTimeout(() => killGroup('SIGKILL'), 5_000).unref();
  }, timeoutMs);
  let startError;
  const code = await new Promise((resolve) => {
    child.once('error', (error) => {
      startError = error;
      resolve(null);
    });
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  running.delete(child.pid);
  // A grandchild that outlived its parent (a browser left open) goes too.
  killGroup('SIGKILL');
  closeSync(log);
  const output = readFileSync(logFile, 'utf8') + (startError ? `could not start ${command}: ${startError.message}\n` : '');
  return { code, timedOut, seconds: (performance.now() - started) / 1000, output };
}
