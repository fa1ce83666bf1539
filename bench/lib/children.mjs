// Child processes for the benchmarks: start them (the mock server, a node run to its end),
// wait for their banner, read their memory and CPU time from /proc, and make sure none outlives
// the benchmark: every child is registered here and killed on exit, on a signal and on an
// uncaught error, as well as by the caller's try/finally.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout, clearTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';

/** @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();
let handlersInstalled = false;

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** Kills every child still running, at once (SIGKILL): for exit paths that cannot wait. */
export function killAllChildren() {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/**
 * Kills all children however this process ends: normal exit, SIGINT/SIGTERM/SIGHUP,
 * an uncaught exception or an unhandled rejection.
 */
export function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllChildren);
  for (const [signal, number] of Object.entries(SIGNAL_NUMBERS)) {
    process.on(signal, () => {
      process.stderr.write(`\n${signal}: killing ${live.size} child process(es) and stopping\n`);
      killAllChildren();
      process.exit(128 + number);
    });
  }
  const fatal = (error) => {
    process.stderr.write(`\nfatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAllChildren();
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
}

/** Registers a child so that it is killed when this process ends. */
export function track(child) {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks a child to stop (SIGTERM) and kills it (SIGKILL) if it has not exited after `graceMs`. */
export async function stopChild(child, graceMs = 5_000) {
  if (!child || hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
    live.delete(child);
  }
}

/**
 * Asks a child with an IPC channel to exit ({ type: 'exit' }), which lets it
 * finish cleanly (and --cpu-prof write its profile); SIGTERM, then SIGKILL, if
 * it has not exited within `graceMs`.
 */
export async function closeIpcChild(child, graceMs) {
  if (child.exitCode === null && child.signalCode === null && child.connected) {
    const exited = once(child, 'exit');
    child.send({ type: 'exit' });
    let timer;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  await stopChild(child, 2_000);
}

/**
 * Starts `node ...args` and waits until a line of its stdout matches `pattern`.
 * Resolves with the child, the match and the milliseconds it took; rejects (and
 * kills the child) if it exits first or `timeoutMs` passes.
 */
export function startAndWaitForLine({ name, nodeArgs = [], args, pattern, timeoutMs = 60_000, env }) {
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...nodeArgs, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ?? process.env,
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    if (stderr.length < 20_000) stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${name}: ${message}\n--- stdout ---\n${stdout.slice(0, 4000)}\n--- stderr ---\n${stderr.slice(0, 4000)}`));
    };
    const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited before it was ready (code ${code}, signal ${signal})`));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (settled) return; // keep draining so the child never blocks on a full pipe
      stdout += chunk;
      const match = pattern.exec(stdout);
      if (match) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, match, startMs: performance.now() - started, stdout, stderr: () => stderr });
      }
    });
  });
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes, from /proc/PID/status. */
export function readMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  };
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** User + system CPU time a process has used so far, in clock ticks, from /proc/PID/stat. */
export function readCpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start with the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime (14), stime (15)
}

/**
 * CPU time the whole machine has been busy so far (all cores, user + system + irq + steal, not
 * idle or iowait), in clock ticks, from /proc/stat: with the ticks of our own processes subtracted,
 * what other processes took from a run.
 */
export function readMachineBusyTicks() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  // cpu  user nice system idle iowait irq softirq steal ...
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  return [0, 1, 2, 5, 6, 7].reduce((sum, index) => sum + (ticks[index] ?? 0), 0);
}

/**
 * Runs `node ...args` to its end: stdout and stderr piped (as when a script captures a command's
 * output), stdin from /dev/null. Resolves with { ms, stdout, stderr }, ms from just before spawn()
 * to the 'exit' event; rejects, with the output, on a non-zero exit, a signal, or after
 * `timeoutMs` (the child is killed then).
 */
export function runNode(args, { env = process.env, cwd, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = track(spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    let ms;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('exit', () => (ms = performance.now() - started));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`node ${args.join(' ')}: could not start: ${error.message}`));
    });
    // 'close' comes after 'exit', once the output has been read to its end.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ ms, stdout, stderr });
      const why = timedOut ? `killed after ${timeoutMs} ms` : `exit code ${code}, signal ${signal}`;
      reject(new Error(`node ${args.join(' ')}: ${why}\n--- stdout ---\n${stdout.slice(0, 2000)}\n--- stderr ---\n${stderr.slice(0, 2000)}`));
    });
  });
}

const MOCK_BIN = fileURLToPath(new URL('../../packages/mock-server/dist/bin.js', import.meta.url));

/**
 * Starts the real mock server on 127.0.0.1, on a port the OS picks, with `seed` animals; resolves
 * with { child, baseUrl } (baseUrl ends in /v1) once its banner says where it listens.
 */
export async function startMock(seed) {
  const { child, match } = await startAndWaitForLine({
    name: 'mock server',
    args: [MOCK_BIN, '--port', '0', '--host', '127.0.0.1', '--log', 'off', '--seed', String(seed)],
    // Keys from the developer's environment would replace the development key the benchmarks use.
    env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' },
    pattern: /petstore-mock listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/,
    timeoutMs: 30_000,
  });
  return { child, baseUrl: match[1] };
}

/** Bounds a whole benchmark: after `ms`, kills every child and exits 1. */
export function watchdog(script, ms) {
  setTimeout(() => {
    process.stderr.write(`\n${script}: still running after ${Math.round(ms / 1000)} s: killing everything and stopping\n`);
    killAllChildren();
    process.exit(1);
  }, ms).unref();
}

/** /proc's clock tick (USER_HZ): 100 on every Linux that Node.js runs on. */
const TICKS_PER_SECOND = 100;

/** CPU ticks of this process and of its children that have ended (utime, stime, cutime, cstime). */
function ownTicks() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
}

/**
 * Starts watching the machine. The function returned says how much CPU, in % of one core,
 * processes other than this one, its ended children and the still running `pids()` took since:
 * a figure measured while others were busy is not to be trusted.
 */
export function watchOtherCpu(pids = () => []) {
  const ours = () => ownTicks() + pids().reduce((sum, pid) => sum + readCpuTicks(pid), 0);
  const start = { machine: readMachineBusyTicks(), ours: ours(), at: performance.now() };
  return () => {
    const other = Math.max(0, readMachineBusyTicks() - start.machine - (ours() - start.ours));
    return (100 * other) / TICKS_PER_SECOND / ((performance.now() - start.at) / 1000);
  };
}
