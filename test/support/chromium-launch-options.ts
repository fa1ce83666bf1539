/**
 * How the browser tests launch Chromium, for playwright-core (chromium.ts) and
 * for @playwright/test (its config's `use.launchOptions`): Debian's Chromium,
 * found (or installed) by scripts/browser.sh, never a downloaded browser, and
 * without the background networking this machine's closed network would refuse.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env['PETSTORE_CHROMIUM'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
