import { describe, expect, it, vi } from 'vitest';
import { createProgressBar, formatDuration, progressLine } from './progress-bar.js';

describe('progressLine', () => {
  it('shows done/total, the rate and the time left, within the width', () => {
    const line = progressLine(4211, 10_000, 8_000, 80);
    expect(line).toMatch(/^importing █+░+ 4,211\/10,000 {2}526\/s {2}11 s left$/);
    expect([...line].length).toBeLessThanOrEqual(79);
  });

  it('has no rate before the first row, a full bar at the end, and fits a narrow terminal', () => {
    expect(progressLine(0, 5, 0, 60)).toMatch(/^importing ░+ 0\/5$/);
    expect(progressLine(5, 5, 1000, 60)).toMatch(/^importing █+ 5\/5 {2}5\/s {2}0 s left$/);
    expect([...progressLine(1, 10_000, 10, 20)].length).toBe(19);
  });
});

describe('formatDuration', () => {
  it('rounds up, in s, min or h', () => {
    expect(formatDuration(0.2)).toBe('1 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(7620)).toBe('2 h 07 min');
  });
});

describe('createProgressBar', () => {
  it('redraws at most every 100 ms and erases its line when stopped, for good', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      let now = 0;
      const bar = createProgressBar({ write: (text: string) => writes.push(text), isTTY: true, columns: 80 }, 3, () => now);
      expect(writes).toHaveLength(1);
      bar.advance();
      bar.advance();
      now = 50;
      vi.advanceTimersByTime(50);
      expect(writes).toHaveLength(1);
      now = 100;
      vi.advanceTimersByTime(50);
      expect(writes.at(-1)?.startsWith('\r\u001b[2Kimporting ')).toBe(true);
      expect(writes.at(-1)).toContain(' 2/3 ');
      vi.advanceTimersByTime(1000);
      expect(writes).toHaveLength(12);
      bar.stop();
      expect(writes.at(-1)).toBe('\r\u001b[2K');
      vi.advanceTimersByTime(1000);
      bar.redraw();
      expect(writes).toHaveLength(13);
    } finally {
      vi.useRealTimers();
    }
  });
});
