/** One measured run: a fleet of N drones at H Hz, the workbench open in headless Chromium. */
import type { Browser } from 'playwright-core';
import { drainProbe, instrument, performanceSession, quantile, snapshot } from './pageMetrics.ts';
import { DEMO_PASSWORD, startSkydeck } from './skydeckProcess.ts';

export interface RunPlan {
  drones: number;
  hz: number;
  /** Time for the fleet to connect and the map to settle before measuring (ms). */
  warmupMs: number;
  measureMs: number;
}

export interface RunResult {
  drones: number;
  msgsPerS: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of publish→worker: how much of the latency the broker path takes before the console. */
  arrivalP95: number;
  busyPct: number;
  longTasks: number;
  longestTaskMs: number;
  fps: number;
  heapMb: number;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Starts the server with the plan's fleet, opens the workbench as admin and measures one window. */
export async function measureWorkbench(browser: Browser, plan: RunPlan): Promise<RunResult> {
  const server = await startSkydeck({ drones: plan.drones, osdHz: plan.hz });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
  });
  try {
    await instrument(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('workbench-map').waitFor();
    await sleep(plan.warmupMs);
    const session = await performanceSession(page);
    const before = await snapshot(page, session);
    const start = await drainProbe(page);
    await sleep(plan.measureMs);
    const after = await snapshot(page, session);
    const end = await drainProbe(page);
    const seconds = (after.at - before.at) / 1000;
    const latencies = end?.latenciesMs ?? [];
    return {
      drones: plan.drones,
      msgsPerS: ((end?.stats?.in ?? 0) - (start?.stats?.in ?? 0)) / seconds,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      arrivalP95: quantile(end?.arrivalMs ?? [], 0.95),
      busyPct: (100 * (after.taskSeconds - before.taskSeconds)) / seconds,
      longTasks: after.longTasks.length,
      longestTaskMs: Math.max(0, ...after.longTasks),
      fps: (after.frames - before.frames) / seconds,
      heapMb: after.heapBytes / 2 ** 20,
    };
  } finally {
    await context.close();
    await server.dispose();
  }
}
