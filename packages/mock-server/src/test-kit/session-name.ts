/** FNV-1a, 32 bits, as 8 hex digits: enough to tell a run's test files (or tests) apart, and no node:crypto. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `a/pets.test.ts` → `a/pets`. */
const withoutExtension = (path: string): string => path.replace(/(\.(test|spec))?\.[cm]?[jt]sx?$/, '');

/** `shown` in the letters, digits, `_` and `-` a session name allows, cut so that with the hash of `key` it fits 64. */
const sessionName = (shown: string, key: string): string => `${shown.replaceAll(/[^\w-]/g, '-').slice(0, 55)}-${hashOf(key)}`;

/**
 * A test file's session name, `/repo/a/pets.test.ts` → `a-pets-…`: its path
 * under `root` (the file name alone outside it) in the letters, digits, `_`
 * and `-` a session name allows, cut so the whole fits 64, then a hash of that
 * path (the whole path outside the root), so that `a/pets.test.ts` and `b/pets.test.ts`, or two long paths cut
 * alike, never share a session, and a file's name is the same in every
 * checkout.
 */
export function sessionNameOf(filePath: string, root: string | undefined): string {
  const path = filePath.replaceAll('\\', '/');
  const base = root?.replaceAll('\\', '/').replace(/\/?$/, '/');
  const inside = base !== undefined && path.startsWith(base);
  // Outside the root, the whole path is the key: two files of one name there stay apart too.
  const key = inside ? path.slice(base.length) : path;
  const shown = inside ? key : path.slice(path.lastIndexOf('/') + 1);
  return sessionName(withoutExtension(shown), key);
}

/**
 * A Playwright test's session name, from its title path (`animals.spec.ts`,
 * its describes, its title) made readable, and a hash of `testId`, which
 * Playwright makes unique per project, file, title and repeat: two tests of
 * one title, or one test in two projects at once, never share a session.
 */
export function sessionNameOfTest(titlePath: readonly string[], testId: string): string {
  // Playwright's root and unnamed project suites give empty titles; the file's comes first of the rest.
  const [file = '', ...titles] = titlePath.filter((title) => title !== '');
  return sessionName([withoutExtension(file), ...titles].join('-'), testId);
}
