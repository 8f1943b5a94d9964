/**
 * A workbench left open outlives many access tokens: the broker ends a connection when its token
 * expires, and the console renews the token beforehand and reconnects with the new one, so the
 * telemetry never stops and nobody has to touch the page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useWorkbench } from './support/workbench.ts';

const TTL_S = 20;
/**
 * A reconnect with an expired token leaves the console at least 5 s without telemetry: two whole
 * windows in a row. One dry window alone is what a busy host's pause or a quick renewal reconnect
 * can cost, so only runs of two fail the test.
 */
const WINDOW_MS = 2_000;
const DRY_RUN_LIMIT = 2;
const WAIT = { timeout: 45_000, interval: 500 };

interface Drained {
  deviceUpdates: number;
}

/** Device updates the console applied since the previous call. */
function drainUpdates(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Probe = { drain: () => Drained };
    return (globalThis as { __skydeckProbe?: Probe }).__skydeckProbe?.drain().deviceUpdates ?? 0;
  });
}

describe('a workbench left open across token lifetimes', () => {
  const world = useWorkbench({ drones: 2, osdHz: 2, env: { ACCESS_TOKEN_TTL: String(TTL_S) } });

  it('keeps receiving telemetry for three token lifetimes with no user action', async () => {
    await expect.poll(() => drainUpdates(world.page), WAIT).toBeGreaterThan(0);
    const firstToken = await world.page.evaluate(() => localStorage.getItem('token'));
    const dryRuns: number[] = [];
    let dryRun = 0;
    const windows = Math.ceil((3 * TTL_S * 1000) / WINDOW_MS);
    for (let i = 0; i < windows; i += 1) {
      await world.page.waitForTimeout(WINDOW_MS);
      dryRun = (await drainUpdates(world.page)) === 0 ? dryRun + 1 : 0;
      if (dryRun >= DRY_RUN_LIMIT) dryRuns.push(i);
    }
    // Windows that ended a run of dry ones, by index: empty when telemetry never stopped for long.
    expect(dryRuns).toEqual([]);
    expect(new URL(world.page.url()).pathname).toBe('/dashboard');
    expect(await world.page.evaluate(() => localStorage.getItem('token'))).not.toBe(firstToken);
  }, 120_000);
});
