// Child processes for the packed-package tests: every one bounded in time, its
// output kept for the failure message, and killed with its whole process group
// (npm, vitest and vite start children of their own).
import { spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

const OUTPUT_LIMIT = 1024 * 1024;
const running = new Set();

/**
 * PATH with this Node.js first: the installed bins (`petstore`, `tsc`, `vite`,
 * npm itself) start with `#!/usr/bin/env node`, and must get the Node.js the
 * tests run on, not an older one elsewhere on PATH.
 */
export const pathWithThisNode = [dirname(process.execPath), process.env.PATH].join(delimiter);

/**
 * Runs `command` to its end. Resolves with `{ output, stdout, stderr, seconds }`;
 * rejects when it exits non-zero, is killed, or outlives `timeoutMs`, with the
 * last lines of its output in the message.
 */
export function runCommand(command, args, { cwd, env = process.env, timeoutMs }) {
  const started = performance.now();
  const label = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
    let stdout = '';
    let stderr = '';
    let output = '';
    const keep = (text) => (text.length > OUTPUT_LIMIT ? text.slice(-OUTPUT_LIMIT) : text);
    child.stdout.on('data', (data) => {
      stdout = keep(stdout + data);
      output = keep(output + data);
    });
    child.stderr.on('data', (data) => {
      stderr = keep(stderr + data);
      output = keep(output + data);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${label}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0 && !timedOut) {
        resolve({ output, stdout, stderr, seconds });
        return;
      }
      const why = timedOut ? `did not finish within ${timeoutMs / 1000} s` : signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(new Error(`${label} ${why}\n${lastLines(output, 40)}`));
    });
  });
}

/** Remembers a child (spawned with `detached: true`) until it closes, for `killAllCommands`. */
export function track(child) {
  running.add(child);
  child.once('close', () => running.delete(child));
  return child;
}

/** Kills every child still running (Ctrl-C), each with its process group. */
export function killAllCommands() {
  for (const child of running) killGroup(child);
}

export function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function lastLines(text, count) {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}
