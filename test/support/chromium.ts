import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, found (or installed) by scripts/browser.sh. */
export const chromiumPath = process.env['PETSTORE_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium for the browser tests, without the background
 * networking this machine's closed network would refuse. Without a usable
 * browser it throws, saying why: a browser test that skips proves nothing.
 * `extraArgs`: more Chromium switches, e.g. `--host-resolver-rules` to give a
 * test page a name of its own.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
    });
  } catch (error) {
    throw new Error(`No usable Chromium at ${chromiumPath} (set PETSTORE_CHROMIUM, or let scripts/browser.sh install Debian's chromium)`, { cause: error });
  }
}
