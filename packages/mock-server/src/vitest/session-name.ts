/** FNV-1a, 32 bits, as 8 hex digits: enough to tell a run's test files apart, and no node:crypto. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A test file's session name, `/repo/a/pets.test.ts` → `a-pets-1b2c3d4e`: its
 * path under `root` in the letters, digits, `_` and `-` a session name allows,
 * cut so the whole fits 64, then a hash of the whole path, so that
 * `a/pets.test.ts` and `b/pets.test.ts`, or two long paths cut alike, never
 * share a session.
 */
export function sessionNameOf(filePath: string, root: string | undefined): string {
  const path = filePath.replaceAll('\\', '/');
  const base = root?.replaceAll('\\', '/').replace(/\/?$/, '/');
  const shown = base !== undefined && path.startsWith(base) ? path.slice(base.length) : path.slice(path.lastIndexOf('/') + 1);
  const readable = shown.replace(/(\.(test|spec))?\.[cm]?[jt]sx?$/, '').replaceAll(/[^\w-]/g, '-').slice(0, 55);
  return `${readable}-${hashOf(path)}`;
}
