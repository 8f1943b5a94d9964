/**
 * The workbench against the real server, broker and simulator: drones appear and move, a click
 * shows live values, and a server restart takes the real-time link down and back up.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSkydeck } from '../../bench/e2e/skydeckProcess.ts';
import { useWorkbench } from './support/workbench.ts';

/** Long enough for the simulator to move a drone and for the console to notice a dead link. */
const WAIT = { timeout: 45_000, interval: 500 };
const SIM_DRONES = 6;

/** The workbench as an operator reads it. */
class Workbench {
  constructor(readonly page: Page) {}

  /** Serial numbers of the aircraft rows shown in the device list. */
  async aircraftRows(): Promise<string[]> {
    const rows = await this.page.locator('[data-testid=device-row][data-sn^=SIMUAV]').all();
    return Promise.all(rows.map(async (row) => (await row.getAttribute('data-sn')) ?? ''));
  }

  /** Clicks the first aircraft row in the given state; returns its serial number. */
  async select(status: string): Promise<string> {
    const row = this.page
      .locator(`[data-testid=device-row][data-sn^=SIMUAV][data-status=${status}]`)
      .first();
    await row.waitFor(WAIT);
    const sn = (await row.getAttribute('data-sn')) ?? '';
    await row.click();
    return sn;
  }

  /** A value of the side panel, as shown. */
  value(name: string): Promise<string> {
    return this.page.getByTestId(`value-${name}`).innerText();
  }

  /** Whether the top bar says the real-time link is up. */
  async online(): Promise<boolean> {
    return (await this.page.locator('.sd-connection').getAttribute('data-online')) === 'true';
  }

  /** How many messages the tab's telemetry worker has taken in so far. */
  received(): Promise<number> {
    return this.page.evaluate(() => {
      type Probe = { drain: () => { stats: { in: number } | null } };
      const probe = (globalThis as { __skydeckProbe?: Probe }).__skydeckProbe;
      return probe?.drain().stats?.in ?? 0;
    });
  }
}

describe('workbench', () => {
  const world = useWorkbench({ drones: SIM_DRONES, osdHz: 2 });
  let bench: Workbench;

  beforeAll(() => {
    bench = new Workbench(world.page);
  });

  it("lists the simulator's aircraft and counts them online", async () => {
    await expect.poll(() => bench.aircraftRows(), WAIT).toHaveLength(SIM_DRONES);
    await expect
      .poll(() => bench.page.getByTestId('count-online').innerText(), WAIT)
      .not.toMatch(/^0\b/);
  });

  it('shows live values of a clicked drone, and its position changes', async () => {
    const sn = await bench.select('flying');
    expect(await bench.page.getByTestId('drone-panel').getAttribute('data-sn')).toBe(sn);
    await expect.poll(() => bench.value('battery'), WAIT).toMatch(/^\d+ %$/);
    await expect.poll(() => bench.value('mode'), WAIT).not.toBe('—');
    const first = await bench.value('position');
    expect(first).toMatch(/^\d+\.\d+, \d+\.\d+$/);
    await expect.poll(() => bench.value('position'), WAIT).not.toBe(first);
  });

  it('exports the workbench as 报告.pdf', async () => {
    const download = bench.page.waitForEvent('download');
    await bench.page.getByTestId('export-report').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('报告.pdf');
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('goes offline while the server is down and receives data again after it restarts', async () => {
    await expect.poll(() => bench.online(), WAIT).toBe(true);
    await world.server.stop();
    await expect.poll(() => bench.online(), WAIT).toBe(false);
    world.server = await startSkydeck({
      drones: SIM_DRONES,
      osdHz: 2,
      port: world.server.port,
      dataDir: world.server.dataDir,
    });
    await expect.poll(() => bench.online(), WAIT).toBe(true);
    const before = await bench.received();
    await expect.poll(() => bench.received(), WAIT).toBeGreaterThan(before);
    const position = await bench.value('position');
    await expect.poll(() => bench.value('position'), WAIT).not.toBe(position);
  });
});
