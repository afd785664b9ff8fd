import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/**
 * Find a system Chromium: CHROMIUM_PATH first, then the usual places.
 *
 * Playwright's own browser download cannot work on these machines, so a missing browser is a
 * set-up error with the fix in its message, not a skipped test.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found)
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian: `apt-get install -y chromium`) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary. (`npx playwright install` cannot work offline.)',
    );
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  // WebRTC: host candidates as plain addresses instead of mDNS names. With the feature on (Chromium's
  // default) every peer connection registers a `<uuid>.local` name and answers mDNS queries by multicast
  // on the LAN; the tests' WebRTC runs on loopback only and must send nothing off this machine. (The demo
  // drops remote candidates anyway and finds the browser by its checks to 127.0.0.1.)
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    ...options,
    args: [
      ...CHROMIUM_ARGS,
      ...(options.args ?? []),
      ...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}
