import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Chromium 156 loads its address bar's popup as a web page (chrome://omnibox-popup.top-chrome) in a renderer of its
 * own for each new window, headless too: 200-540 ms of CPU beside most page loads of the 2026-12-08 traces, on a
 * machine of 2 cores that the cloud, this server and the page share. The last two features keep it native. Chromium
 * honours only the last `--disable-features`, so this one repeats what Playwright's own turns off (its
 * chromiumSwitches; test/unit/browser-flags.test.ts checks the list still holds it all): paint holding above all,
 * whose absence the bench's first-row times assume.
 */
export const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Debian's Chromium, headless, with the flags this closed network needs (env doc): the browser as a user runs it (the bench's). */
const LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--disable-features=${DISABLED_FEATURES.join(',')}`],
};

/**
 * The browser tests' Chromium: the same, with V8's optimising compilers (Maglev, TurboFan) off. A journey's page
 * lives seconds, and compiling its hot functions a second time, optimised, was about 15 % of the browser's CPU on a
 * workload of logins and panel loads (25.4 → 21.5 CPU-s); on 2 cores that is the suite's time. Optimisation changes
 * how fast the code runs, never what it does, so the tests see the same app. The bench keeps the optimisers (LAUNCH).
 */
const TEST_LAUNCH: LaunchOptions = { ...LAUNCH, args: [...LAUNCH.args!, '--js-flags=--no-opt --no-maglev'] };

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** The browser of a test file that has no shared one. */
export function launchTestChromium(): Promise<Browser> {
  return chromium.launch(TEST_LAUNCH);
}

/** One Chromium that the browser test files share, each through `connectChromium(server.wsEndpoint())`. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(TEST_LAUNCH);
}

/** A connection to a shared Chromium; closing it leaves the browser to the others. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
