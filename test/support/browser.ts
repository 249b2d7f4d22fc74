import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs (env doc). */
const LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** One Chromium that several test files share, each through `connectChromium(server.wsEndpoint())`. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/** A connection to a shared Chromium; closing it leaves the browser to the others. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
