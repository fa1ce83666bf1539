/** Printable ASCII: one terminal cell per character, measured without string-width. */
const PLAIN = /^[\x20-\x7e]*$/;

/** How many terminal cells a cell's text takes (the cells are already escaped). */
type Measure = (text: string) => number;

const byLength: Measure = (text) => text.length;

/**
 * The measure for these cells: their length when every one is printable ASCII;
 * otherwise string-width, which counts East Asian Wide and Fullwidth characters
 * and emoji as 2 cells and combining marks and zero-width characters as none,
 * as a terminal lays them out (and gh measures its tables). Loaded only then:
 * its Unicode tables cost more at start-up than the rest of a command.
 */
async function measureFor(header: readonly string[], rows: readonly (readonly string[])[]): Promise<Measure> {
  if (header.every((cell) => PLAIN.test(cell)) && rows.every((row) => row.every((cell) => PLAIN.test(cell)))) return byLength;
  const { default: stringWidth } = await import('string-width');
  return (text) => (PLAIN.test(text) ? text.length : stringWidth(text));
}

/**
 * The width of each column in cells: the widest of its title and its cells. A
 * loop, not `Math.max(...cells)`: spreading a column of 150,000 rows as
 * arguments overflows the call stack.
 */
function columnWidths(header: readonly string[], rows: readonly (readonly string[])[], measure: Measure): number[] {
  const widths = header.map(measure);
  for (const row of rows) {
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, measure(cell));
  }
  return widths;
}

/** A padder of cells (any of the header's or the rows') to their column's width in terminal cells. */
export async function padderFor(header: readonly string[], rows: readonly (readonly string[])[]): Promise<(text: string, column: number) => string> {
  const measure = await measureFor(header, rows);
  const widths = columnWidths(header, rows, measure);
  return (text, column) => text + ' '.repeat(Math.max(0, (widths[column] ?? 0) - measure(text)));
}
