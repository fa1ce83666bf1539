// The files a README shows whole: a fenced block with `<!-- file: PATH -->` on
// the line before it (the marker test/support/readme-examples.ts reads, and whose
// blocks its test keeps equal to the files in the repository). Read from the
// README itself, so that what the packed run writes is what a user copies.
import { readFileSync } from 'node:fs';

const MARKER = /^<!--\s*file:\s*(\S+)\s*-->\s*$/;
const FENCE = /^(`{3,})\s*\S*\s*$/;

/** Maps each marked path (as the marker spells it) to the block's text, newline-ended. */
export function readReadmeFiles(readmePath) {
  const lines = readFileSync(readmePath, 'utf8').split('\n');
  const files = new Map();
  for (let i = 0; i < lines.length; i += 1) {
    const path = MARKER.exec(lines[i])?.[1];
    if (!path) continue;
    const open = FENCE.exec(lines[i + 1] ?? '')?.[1];
    if (!open) throw new Error(`${readmePath}:${i + 1}: <!-- file: ${path} --> is not followed by a fenced block`);
    // The block ends at a bare fence at least as long as the opening one.
    const end = lines.findIndex((line, index) => index > i + 1 && line.startsWith(open) && /^`+\s*$/.test(line));
    if (end === -1) throw new Error(`${readmePath}:${i + 2}: the block for ${path} is never closed`);
    files.set(path, `${lines.slice(i + 2, end).join('\n')}\n`);
    i = end;
  }
  return files;
}
