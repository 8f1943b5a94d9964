import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';
import { ConsoleDriver } from './consoleDriver.ts';
import { LockDriver } from './lockDriver.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';
import { TabsDriver } from './tabsDriver.ts';

/** What each test gets: a fresh browser profile on a server shared by the file. */
export interface E2E {
  server: RunningServer;
  page: Page;
  context: BrowserContext;
  console: ConsoleDriver;
  tabs: TabsDriver;
  lock: LockDriver;
}

/**
 * Starts one server and one Chromium per test file (or `describe`), and a fresh browser profile per
 * test. `options.seeded` starts the server on a seeded data folder (see server.ts).
 */
export function useE2E(env: Record<string, string> = {}, options: ServerOptions = {}): E2E {
  const world = {} as E2E;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [world.server, browser] = await Promise.all([startServer(env, options), launchBrowser()]);
  });
  afterAll(async () => {
    // Either may be missing when the set-up itself failed; its error is the one worth reading.
    await browser?.close();
    await (world.server as RunningServer | undefined)?.stop();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    const { context, page } = await openPage(browser, world.server.url);
    Object.assign(world, {
      context,
      page,
      console: new ConsoleDriver(page),
      tabs: new TabsDriver(page),
      lock: new LockDriver(page),
    });
  });
  afterEach(async () => {
    // Closing a context has once hung in Chromium under CI load after the test itself had passed;
    // the next test opens its own context, so a close that does not finish is left behind rather
    // than failing a test that showed nothing wrong.
    await Promise.race([
      world.context.close(),
      new Promise((resolve) => setTimeout(resolve, 20_000).unref()),
    ]);
  });
  return world;
}
