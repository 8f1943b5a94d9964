/**
 * The set-up of the workbench tests: one simulator-backed server and one Chromium per file, with
 * the admin signed in on the workbench. Unlike {@link useE2E}, the page lives for the whole file,
 * because these tests follow one long-running workbench.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, startSkydeck } from '../../../bench/e2e/skydeckProcess.ts';
import type { SkydeckProcess, SkydeckProcessOptions } from '../../../bench/e2e/skydeckProcess.ts';
import { launchBrowser, openPage } from './browser.ts';
import { ConsoleDriver } from './consoleDriver.ts';
import { seededDataDir } from './seededData.ts';

/** What a workbench test file gets once its `beforeAll` ran. */
export interface WorkbenchWorld {
  server: SkydeckProcess;
  /** For a second context (another user, another screen size). */
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, in order: a test asserts there were none. */
  pageErrors: string[];
}

/** How the workbench's server starts. */
export interface WorkbenchOptions extends SkydeckProcessOptions {
  /**
   * On a copy of a seeded data folder (seededData.ts) rather than an empty one: the demo accounts
   * are there already, and the start skips making, migrating and seeding the database.
   */
  seeded?: boolean;
}

/** The server of `options`, on a copy of the seeded data folder when asked for one. */
async function startWorkbenchServer(options: WorkbenchOptions): Promise<SkydeckProcess> {
  const { seeded, ...server } = options;
  if (!seeded || server.dataDir !== undefined) return startSkydeck(server);
  // The seed reads the demo password: the seeded folder is made with this server's.
  const adminPassword = server.env?.ADMIN_PASSWORD ?? DEMO_PASSWORD;
  const dataDir = await seededDataDir('skydeck-workbench-', adminPassword, async (empty) => {
    const env = { ADMIN_PASSWORD: adminPassword };
    await (await startSkydeck({ drones: 0, osdHz: 1, dataDir: empty, env })).stop();
  });
  return startSkydeck({ ...server, dataDir });
}

/** Starts the server and browser before the file's tests and disposes of them after. */
export function useWorkbench(options: WorkbenchOptions): WorkbenchWorld {
  const world = { pageErrors: [] as string[] } as WorkbenchWorld;
  beforeAll(async () => {
    [world.server, world.browser] = await Promise.all([
      startWorkbenchServer(options),
      launchBrowser(),
    ]);
    Object.assign(world, await openPage(world.browser, world.server.url));
    world.page.on('pageerror', (error) => world.pageErrors.push(error.message));
    const person = new ConsoleDriver(world.page);
    await person.signIn('admin', { redirect: '/dashboard' });
    await person.settled();
  });
  afterAll(async () => {
    // Any of them may be missing when the set-up itself failed; its error is the one worth reading.
    await (world.context as BrowserContext | undefined)?.close();
    await (world.browser as Browser | undefined)?.close();
    await (world.server as SkydeckProcess | undefined)?.dispose();
  });
  return world;
}
