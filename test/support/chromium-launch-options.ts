/**
 * How the browser tests launch Chromium through playwright-core (chromium.ts):
 * Debian's Chromium, found (or installed) by scripts/browser.sh, never a
 * downloaded browser, and without the background networking this machine's
 * closed network would refuse. The mock server's Playwright recipe holds no
 * path into this repository: `pnpm test:playwright` gives it the same
 * Chromium in PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env['PETSTORE_CHROMIUM'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
