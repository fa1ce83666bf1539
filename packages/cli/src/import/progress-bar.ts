import { performance } from 'node:perf_hooks';
import type { OutputStream } from '../io/io.js';

/** How often the bar is redrawn: often enough to move, rarely enough to cost nothing. */
const REDRAW_MS = 100;
const BAR_MAX_WIDTH = 30;
// Back to the start of the line, then erase it.
const ERASE_LINE = '\r\u001b[2K';

const count = (value: number): string => Math.round(value).toLocaleString('en-US');

/** `42 s`, `3 min 05 s`, `2 h 07 min`. */
export function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/** `importing ████░░░░ 4,211/10,000  523/s  11 s left`, within `columns`. The rate is the average since the start. */
export function progressLine(done: number, total: number, elapsedMs: number, columns: number): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const facts = [`${count(done)}/${count(total)}`, ...(done > 0 && rate > 0 ? [`${count(rate)}/s`, `${formatDuration((total - done) / rate)} left`] : [])].join('  ');
  const width = Math.max(0, Math.min(BAR_MAX_WIDTH, columns - 1 - 'importing  '.length - facts.length));
  const filled = total === 0 ? width : Math.floor((done / total) * width);
  const line = `importing ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${facts}`;
  return [...line].slice(0, Math.max(0, columns - 1)).join('');
}

/** A progress bar on one line of a terminal. `clear` before writing other lines to it, `redraw` after. */
export interface ProgressBar {
  advance(): void;
  clear(): void;
  redraw(): void;
  /** Erases it for good. */
  stop(): void;
}

export const NO_PROGRESS: ProgressBar = { advance: () => {}, clear: () => {}, redraw: () => {}, stop: () => {} };

/** Draws `done/total` on `stream` now and every REDRAW_MS (at most ~10 times a second) until stopped. */
export function createProgressBar(stream: OutputStream, total: number, now: () => number = () => performance.now()): ProgressBar {
  const started = now();
  let done = 0;
  let shown = false;
  let stopped = false;
  const draw = () => {
    if (stopped) return;
    // A terminal of unknown size (0 columns, as under `script`) is taken as 80 wide.
    stream.write(`${ERASE_LINE}${progressLine(done, total, now() - started, stream.columns || 80)}`);
    shown = true;
  };
  const clear = () => {
    if (shown) stream.write(ERASE_LINE);
    shown = false;
  };
  draw();
  const timer = setInterval(draw, REDRAW_MS);
  // Never what keeps the process alive.
  timer.unref();
  return {
    advance: () => void done++,
    clear,
    redraw: draw,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      clear();
    },
  };
}
