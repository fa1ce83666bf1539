// Every link between the kit's Markdown files leads somewhere: a relative link,
// or a link to this repository on GitHub (what package READMEs must use, for
// the registry page), names a file of the clone and, with `#anchor`, a heading
// of it, slugged as GitHub slugs them. So a doc moved or a heading renamed
// cannot leave a reader at a dead link.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/readme-examples.js';

const REPOSITORY = 'https://github.com/petstore-kit/petstore-kit/';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replaceAll(' ', '-');
}

/** A Markdown text's lines outside its fenced blocks: where its headings and links are. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && fence === undefined) fence = marker;
    else if (marker && marker.startsWith(fence ?? '') && line.trim() === marker) fence = undefined;
    else if (fence === undefined) lines.push(line);
  }
  return lines;
}

/** The anchors of a Markdown file's headings, a repeated one suffixed -1, -2… as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, name = ''] of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(name);
  return anchors;
}

const files = execFileSync('git', ['ls-files', '*.md'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.includes('node_modules/') && !/(^|\/)CHANGELOG\.md$/.test(file));

describe('links between the docs', () => {
  it('finds the docs', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/decisions.md');
  });

  it.each(files)('%s links only to files and headings that exist', (file) => {
    const markdown = readFileSync(join(repoRoot, file), 'utf8');
    const dead: string[] = [];
    for (const [, target = ''] of proseLines(markdown).join('\n').replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      let path: string;
      if (target.startsWith(REPOSITORY)) {
        const inRepo = /^(?:blob|tree)\/main\/([^#?]*)/.exec(target.slice(REPOSITORY.length));
        if (!inRepo) continue;
        path = normalize(inRepo[1] ?? '');
      } else if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
      else if (target.startsWith('#')) path = file;
      else path = normalize(join(dirname(file), target.split('#')[0] ?? ''));
      const anchor = target.includes('#') ? decodeURIComponent(target.slice(target.indexOf('#') + 1)) : '';
      const absolute = join(repoRoot, path);
      if (relative(repoRoot, absolute).startsWith('..') || !existsSync(absolute)) {
        dead.push(`${target}: no file ${path}`);
        continue;
      }
      if (anchor && statSync(absolute).isFile() && path.endsWith('.md') && !anchorsOf(readFileSync(absolute, 'utf8')).has(anchor)) {
        dead.push(`${target}: no heading #${anchor} in ${path}`);
      }
    }
    expect(dead).toEqual([]);
  });
});
