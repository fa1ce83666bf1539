// What the benchmark drivers share besides flags and children: where things are, medians,
// a plain-text table, the JSON summary in .bench/, and --cpu-prof (Node's own profiler; the
// .cpuprofile files open in Chrome DevTools, Performance tab, or in VS Code).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Exits 2, saying what to do, if a file the benchmark runs has not been built. */
export function requireBuilt(script, ...files) {
  for (const file of files.filter((each) => !existsSync(each))) {
    process.stderr.write(`${script}: ${file.startsWith(ROOT) ? relative(ROOT, file) : file} is missing: run pnpm build first\n`);
    process.exit(2);
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Rows of cells as aligned text: the first column to the left, the others to the right. */
export function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ').trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** The short commit of the checkout at `dir`, with "+changes" when its working tree differs from it. */
export function gitCommit(dir = ROOT) {
  try {
    const git = (...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+changes' : '');
  } catch {
    return 'unknown';
  }
}

export function machine() {
  return { node: process.version, cores: os.availableParallelism(), cpu: os.cpus()[0]?.model, os: `${os.type()} ${os.release()}` };
}

/** Writes `.bench/NAME.json`; returns its path relative to the repository. */
export function writeSummary(name, summary) {
  const file = join(ROOT, '.bench', `${name}.json`);
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  return relative(ROOT, file);
}

/** Node's flags to profile a child into `dir/NAME.cpuprofile` (replaced if there), and that file relative to the repository. */
export function cpuProfile(dir, name) {
  const file = join(dir, `${name}.cpuprofile`);
  return { flags: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-name', `${name}.cpuprofile`], file: relative(ROOT, file) };
}

/** What `watchOtherCpu` measured, in words, with a warning when others were busy enough to skew the figures. */
export function otherCpuNote(percent) {
  const note = `other processes used ${percent.toFixed(1)}% of a core meanwhile`;
  return percent > 10 ? `${note}: WARNING, the machine was busy; run again when it is idle` : note;
}
