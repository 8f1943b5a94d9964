/**
 * A planner brings an area drawn in Google Earth: the import dialog previews the route it makes once
 * the aircraft is picked, creates it on the planner's word, and the route list exports it back as
 * KML. A broken file's problem is named in a toast.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

const ORCHARD = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document><Placemark><name>orchard</name>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      113.9501234,22.5301234,0 113.9532109,22.5302345,0 113.9529876,22.5331987,0
      113.9503456,22.5328765,0 113.9501234,22.5301234,0
    </coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark></Document>
</kml>`;

/** What a planner does in the import dialog with a file from another tool. */
class ImportOfOtherTools {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.locator('.sd-table-body[aria-busy="false"]').waitFor();
    await this.page.getByTestId('wayline-import').click();
  }

  async pick(name: string, text: string): Promise<void> {
    await this.pickAll([{ name, text }]);
  }

  /** Picks several files at once, as a planner selecting them together in the file picker. */
  async pickAll(files: readonly { name: string; text: string }[]): Promise<void> {
    await this.page.getByTestId('wayline-file-input').setInputFiles(
      files.map(({ name, text }) => ({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(text),
      })),
    );
  }

  item(name: string) {
    return this.page.getByTestId('interchange-item').filter({ hasText: name });
  }

  async chooseAircraft(key: string): Promise<void> {
    await this.page.locator('#interchange-drone').selectOption(key);
  }
}

describe('routes from other tools', () => {
  const e2e = useE2E({ SIM_DRONES: '0' });

  it('previews every file picked together, one after the other', async () => {
    const { page } = e2e;
    const ui = new ImportOfOtherTools(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await ui.open();
    // The same area moved 500 m north: a second field.
    const tea = ORCHARD.replaceAll(',22.53', ',22.535').replace('orchard', 'tea');
    await ui.pickAll([
      { name: '果园.kml', text: ORCHARD },
      { name: '茶园.kml', text: tea },
    ]);
    await ui.chooseAircraft('0-67-1');
    for (const name of ['果园.kml', '茶园.kml'])
      await ui.item(name).getByTestId('interchange-candidate').waitFor();
    await page.keyboard.press('Escape');
  });

  it('previews a Google Earth area as a mapping route, creates it and exports it as KML', async () => {
    const { page } = e2e;
    const ui = new ImportOfOtherTools(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await ui.open();
    await ui.pick('果园.kml', ORCHARD);
    const item = ui.item('果园.kml');
    await item.getByText('请先选择飞行器，随后显示将创建的航线').waitFor();

    await ui.chooseAircraft('0-67-1');
    const candidate = item.getByTestId('interchange-candidate');
    await candidate.waitFor();
    expect(await candidate.textContent()).toMatch(/^果园面状航线 · \d+ 个航点 · .+ · 高度 100 米$/);
    await saveShot(page, 'wayline', 'import-other-tools');
    await item.getByTestId('interchange-create').click();
    await item.getByText('已创建 1 条航线').waitFor();
    await page.getByRole('button', { name: '完成', exact: true }).click();

    const row = page.locator('.sd-table tbody tr').filter({ hasText: '果园' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toContain('面状航线');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '导出 KML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('果园.kml');
    const kml = await readFile(await download.path(), 'utf8');
    expect(kml).toContain('<name>果园</name>');
    expect(kml).toContain('113.9501234,22.5301234,0');
  });

  it('names a broken file’s problem in a toast and on its row', async () => {
    const { page } = e2e;
    const ui = new ImportOfOtherTools(page);
    await e2e.console.signIn('operator');
    await e2e.console.open('/wayline');
    await ui.open();
    await ui.pick(
      '坏线.geojson',
      '{"type": "LineString", "coordinates": [[113.9, 22.5], [200, 22.5]]}',
    );
    await ui.chooseAircraft('0-77-0');
    const problem = '第 1 个图形的第 2 个坐标无效：[200,22.5]';
    await page.locator('.bp6-toast', { hasText: `坏线.geojson: ${problem}` }).waitFor();
    await ui.item('坏线.geojson').getByText(problem).waitFor();
  });
});
