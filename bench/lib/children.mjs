// The benchmarks' child processes: started with this process's Node, registered so that none
// outlives the benchmark (killed on exit, on a signal, on an uncaught error and by the watchdog).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';

const live = new Set();

export function track(child) {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function killAll() {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Kills every child however this process ends, and stops everything after `watchdogMs`. */
export function installExitHandlers(script, watchdogMs) {
  // process.exit() runs the 'exit' handlers, so every path below ends in killAll().
  process.on('exit', killAll);
  const fatal = (error) => {
    process.stderr.write(`\n${script}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
  for (const [signal, number] of [['SIGHUP', 1], ['SIGINT', 2], ['SIGTERM', 15]]) {
    process.on(signal, () => {
      process.stderr.write(`\n${script}: ${signal}: children killed, stopped\n`);
      process.exit(128 + number);
    });
  }
  setTimeout(() => fatal(`still running after ${Math.round(watchdogMs / 1000)} s: stopped`), watchdogMs).unref();
}

/** Asks a child to stop (SIGTERM: our servers then exit cleanly and --cpu-prof writes its profile); SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 6_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node ...args` and resolves, with the match and the milliseconds since spawn, once its
 * stdout matches `pattern`; rejects with its output (and kills it) if it exits or times out first.
 */
export function startNode({ name, args, pattern, env = process.env, timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = track(spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${name}: ${why}\n--- stdout ---\n${stdout.slice(0, 4000)}\n--- stderr ---\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited before it was ready (code ${code}, signal ${signal})`));
    // The listener stays after the match, so that the child never blocks on a full pipe.
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      if (settled) return;
      stdout += chunk;
      const match = pattern.exec(stdout);
      if (!match) return;
      settled = true;
      clearTimeout(timer);
      resolve({ child, match, startMs: performance.now() - started });
    });
  });
}

/**
 * Runs `node ...args` to its end, output piped, stdin from /dev/null. Resolves with { ms, stdout,
 * stderr }, ms from just before spawn() to 'exit'; rejects on a non-zero exit or after `timeoutMs`.
 */
export function runNode(args, { env = process.env, cwd, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = track(spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    let ms;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('exit', () => (ms = performance.now() - started));
    // 'close' comes after 'exit', once the output has been read to its end.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ ms, stdout, stderr });
      reject(new Error(`node ${args.join(' ')}: exit code ${code}, signal ${signal}\n--- stdout ---\n${stdout.slice(0, 2000)}\n--- stderr ---\n${stderr.slice(0, 2000)}`));
    });
    child.once('error', (error) => reject(new Error(`node ${args.join(' ')}: ${error.message}`)));
  });
}

export const MOCK_BIN = fileURLToPath(new URL('../../packages/mock-server/dist/bin.js', import.meta.url));

/**
 * Starts the real mock server on 127.0.0.1, OS-picked port, with `seed` animals (and `args`);
 * resolves with { child, origin, baseUrl, animals, startMs } once its banner is out.
 */
export async function startMock(seed, { args = [], nodeFlags = [] } = {}) {
  const { child, match, startMs } = await startNode({
    name: `petstore-mock --seed ${seed} ${args.join(' ')}`,
    args: [...nodeFlags, MOCK_BIN, '--port', '0', '--host', '127.0.0.1', '--log', 'off', '--seed', String(seed), ...args],
    // Keys from the developer's environment would replace the development key the benchmarks send.
    env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' },
    pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1\n[\s\S]*?Animals\s+(\d+) in the store/,
  });
  return { child, origin: match[1], baseUrl: `${match[1]}/v1`, animals: Number(match[2]), startMs };
}
