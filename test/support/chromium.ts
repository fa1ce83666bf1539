import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-launch-options.js';

/** Debian's Chromium, found (or installed) by scripts/browser.sh. */
export const chromiumPath = chromiumLaunchOptions.executablePath;

/**
 * Launches headless Chromium for the browser tests. Without a usable browser
 * it throws, saying why: a browser test that skips proves nothing.
 * `extraArgs`: more Chromium switches, e.g. `--host-resolver-rules` to give a
 * test page a name of its own.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  try {
    return await chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...extraArgs] });
  } catch (error) {
    throw new Error(`No usable Chromium at ${chromiumPath} (set PETSTORE_CHROMIUM, or let scripts/browser.sh install Debian's chromium)`, { cause: error });
  }
}
