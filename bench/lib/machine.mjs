// The machine a benchmark runs on: what it is, and whether something else was busy on it. A figure
// measured while other processes took CPU is not to be trusted, so every driver says how much they took.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

export function machine() {
  return { node: process.version, cores: os.availableParallelism(), cpu: os.cpus()[0]?.model, os: `${os.type()} ${os.release()}` };
}

// /proc counts CPU time in clock ticks (USER_HZ), 100 a second on every Linux that Node.js runs on.
const TICKS_PER_SECOND = 100;

/** utime + stime (+ cutime + cstime with `children`: its children that have ended) of a process, from /proc. */
function processTicks(pid, children = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return fields[11] + fields[12] + (children ? fields[13] + fields[14] : 0);
}

/** Ticks the whole machine has been busy (user, nice, system, irq, softirq, steal), from /proc/stat. */
function machineTicks() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  return [0, 1, 2, 5, 6, 7].reduce((sum, index) => sum + (ticks[index] ?? 0), 0);
}

/**
 * Starts watching. The function returned gives the % of one core that processes other than this
 * one, its ended children and the running `pids()` took since (for a Linux /proc; 0 elsewhere).
 */
export function watchOtherCpu(pids = () => []) {
  const ours = () => processTicks('self', true) + pids().reduce((sum, pid) => sum + processTicks(pid), 0);
  let start;
  try {
    start = { machine: machineTicks(), ours: ours(), at: performance.now() };
  } catch {
    return () => 0;
  }
  return () => {
    const other = Math.max(0, machineTicks() - start.machine - (ours() - start.ours));
    return (100 * other) / TICKS_PER_SECOND / ((performance.now() - start.at) / 1000);
  };
}

/** A figure from watchOtherCpu in words, with a warning when others took enough to skew the results. */
export function otherCpuNote(percent) {
  const note = `other processes used ${percent.toFixed(1)}% of a core meanwhile`;
  return percent > 10 ? `${note}: WARNING, the machine was busy; run again when it is idle` : note;
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: 1024 * kB('VmRSS'), hwm: 1024 * kB('VmHWM') };
}
