/** How many terminal columns a cell takes: its code points (the cells are already escaped). */
export const textWidth = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/**
 * The width of each column: the widest of its title and its cells. A loop, not
 * `Math.max(...cells)`: spreading a column of 150,000 rows as arguments
 * overflows the call stack.
 */
export function columnWidths(header: readonly string[], rows: readonly (readonly string[])[]): number[] {
  const widths = header.map(textWidth);
  for (const row of rows) {
    for (const [column, cell] of row.entries()) widths[column] = Math.max(widths[column] ?? 0, textWidth(cell));
  }
  return widths;
}

/** A padder of cells to their column's width. */
export const padTo =
  (widths: readonly number[]) =>
  (text: string, column: number): string =>
    text + ' '.repeat(Math.max(0, (widths[column] ?? 0) - textWidth(text)));
