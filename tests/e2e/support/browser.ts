import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from './chromiumFlags.ts';
import { utf8Env } from './utf8Env.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless system Chromium with the quiet flags the machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    env: utf8Env(),
    args: [...CHROMIUM_FLAGS],
  });
}

/** A fresh browser profile (empty storage) pointed at `baseURL`, with one page open. */
export async function openPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    acceptDownloads: true,
    viewport: { width: 1440, height: 900 },
  });
  // Tests read the telemetry worker's counters through the console's probe, which a tab loads only
  // when asked (see src/telemetry/frameProbe.ts).
  await context.addInitScript(() => {
    (globalThis as { __skydeckProbeWanted?: boolean }).__skydeckProbeWanted = true;
  });
  const page = await context.newPage();
  return { context, page };
}
