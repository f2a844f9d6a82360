import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; `npx playwright install` cannot download browsers on the build machines. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that work on the build machines (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts a headless Chromium for browser tests; `CHROMIUM_PATH` overrides the executable. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
}
