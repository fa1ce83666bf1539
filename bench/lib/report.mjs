// What every benchmark driver reports with: where things are, medians, a plain-text table,
// the JSON summary in .bench/, and Node's own --cpu-prof (no profile is read here: the
// .cpuprofile files open in Chrome DevTools, Performance tab, or in VS Code).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Exits 2, saying what to do, if a file the benchmark runs has not been built. */
export function requireBuilt(script, ...files) {
  for (const file of files.filter((each) => !existsSync(each))) {
    process.stderr.write(`${script}: ${relative(ROOT, file)} is missing: run pnpm build first\n`);
    process.exit(2);
  }
}

export function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const fmtInt = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');

/** Rows of cells as aligned text: the first column to the left, the others to the right. */
export function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column] ?? '').length)));
  const line = (cells) => cells.map((cell = '', column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ').trimEnd();
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

/** Writes `.bench/NAME.json`; returns its path relative to the repository. */
export function writeSummary(name, summary) {
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(join(ROOT, '.bench', `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  return `.bench/${name}.json`;
}

/**
 * A fresh `.bench/cpu-prof/NAME/` folder for Node's profiler: `flags(file)` are the node flags that
 * profile a child into FILE.cpuprofile there (written when the child exits normally), `list()`
 * the profiles in it, relative to the repository.
 */
export function cpuProfDir(name) {
  const dir = join(ROOT, '.bench/cpu-prof', name);
  rmSync(dir, { recursive: true, force: true });
  return {
    flags: (file) => ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-name', `${file}.cpuprofile`],
    list: () => (existsSync(dir) ? readdirSync(dir).map((file) => relative(ROOT, join(dir, file))) : []),
  };
}
