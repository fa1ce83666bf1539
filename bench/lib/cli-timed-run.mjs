// One timed child process for bench/cli.mjs: `node ...args`, spawned with stdout and stderr
// piped (as when a script captures a command's output) and stdin from /dev/null. Its wall time
// runs from just before spawn() to the 'exit' event (the process has ended and been reaped);
// its output is read to the end ('close') before the result is returned. Children are
// registered with children.mjs, so none outlives the benchmark.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { track } from './children.mjs';

const OUTPUT_LIMIT = 1_000_000;

/**
 * CPU time (user + system, in clock ticks) of this process's children that have ended and been
 * waited for, from /proc/self/stat (cutime, cstime). Runs are sequential, so the difference
 * across one run is that run's CPU time, all its threads included (10 ms ticks: sum many runs).
 */
export function readChildrenCpuTicks() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]); // cutime (16), cstime (17)
}

/**
 * Runs `process.execPath ...args` once. Resolves (never rejects) with
 * { ms, cpuTicks, code, signal, stdout, stderr, error }: `error` is set when the child could not
 * be started or was killed after `timeoutMs`.
 */
export function timedRun({ args, env, cwd, timeoutMs = 15_000 }) {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let error = null;
    let exit = null;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...exit, stdout, stderr, error });
    };
    const ticksBefore = readChildrenCpuTicks();
    const started = performance.now();
    const child = track(spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const timer = setTimeout(() => {
      error = `killed after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk;
    });
    child.once('error', (spawnError) => {
      error ??= `could not start: ${spawnError.message}`;
      // A child that never started emits no 'exit' and may emit no 'close'.
      if (child.pid === undefined) {
        exit ??= { ms: performance.now() - started, code: null, signal: null, cpuTicks: 0 };
        finish();
      }
    });
    child.once('exit', (code, signal) => {
      exit = { ms: performance.now() - started, code, signal, cpuTicks: readChildrenCpuTicks() - ticksBefore };
    });
    child.once('close', (code, signal) => {
      exit ??= { ms: performance.now() - started, code, signal, cpuTicks: readChildrenCpuTicks() - ticksBefore };
      finish();
    });
  });
}
