/** Seconds with one decimal. */
export const seconds = (value) => value.toFixed(1);

/**
 * The results as an aligned plain-text table (CI logs have no markdown):
 * suite, runtime, version, result, seconds.
 * @param {{ suite: string, runtime: string, version: string, passed: boolean, result: string, seconds: number }[]} rows
 */
export function formatTable(rows) {
  const header = ['Suite', 'Runtime', 'Version', 'Result', 'Seconds'];
  const cells = rows.map((row) => [row.suite, row.runtime, row.version, `${row.passed ? 'pass' : 'FAIL'}  ${row.result}`, seconds(row.seconds)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values) => values.map((value, column) => (column === values.length - 1 ? value.padStart(widths[column]) : value.padEnd(widths[column]))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}
