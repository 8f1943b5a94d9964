/**
 * AI models end to end (Chromium, the real server and its simulated fleet): an operator uploads a
 * real ONNX model built by the test, with the upload bar, reads the facts the server took from the
 * file, deploys it to a simulated aircraft on patrol and watches the deployment reach "deployed".
 * From then on the alarms of that aircraft on /aralm are only the model's classes, at or above its
 * threshold; undeploying it from the drawer takes it off the aircraft. A file that is not ONNX is
 * refused with the server's message naming the file.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildOnnx } from '../fixtures/onnx/buildOnnx.ts';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

/** What a person does on the model page. */
class ModelPage {
  constructor(readonly page: Page) {}

  row(name: string) {
    return this.page.locator('.sd-table tbody tr').filter({ hasText: name });
  }

  async upload(
    fields: { name: string; version: string; classes: string; threshold?: string },
    file: Buffer,
  ) {
    await this.page.getByTestId('model-new').click();
    const form = this.page.getByTestId('model-upload-form');
    await form.locator('#model-name').fill(fields.name);
    await form.locator('#model-version').fill(fields.version);
    if (fields.threshold !== undefined) {
      await form.locator('#model-threshold').fill(fields.threshold);
      await form.locator('#model-threshold').press('Tab');
    }
    await form.locator('#model-classes').fill(fields.classes);
    await form.locator('input[type="file"]').setInputFiles({
      name: `${fields.name}.onnx`,
      mimeType: 'application/octet-stream',
      buffer: file,
    });
    await form.locator('button[type="submit"]').click();
  }
}

/** The alarm page's rows as a person reads them: category word and confidence, newest first. */
async function alarmRows(page: Page, sn: string) {
  const form = page.locator('.sd-search-form');
  await form.getByPlaceholder('设备').fill(sn);
  await form.getByRole('button', { name: '搜索' }).click();
  await page.locator('.sd-table-body[aria-busy="false"]').waitFor();
  const rows = page.locator('.sd-table tbody tr');
  const out: { category: string; confidence: number }[] = [];
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    if ((await cells.count()) < 5) continue;
    out.push({
      category: ((await cells.nth(2).textContent()) ?? '').trim(),
      confidence: Number(((await cells.nth(4).textContent()) ?? '').replace('%', '')),
    });
  }
  return out;
}

/** Seed 1's second simulated aircraft starts out on patrol and carries no gas sensor. */
const PATROL_SN = 'SIMUAV000001';
const MODEL_CLASSES = ['船只', '动物'];

describe('AI models', () => {
  // Detections every few seconds, so the model's alarms show within the test.
  const e2e = useE2E({ SIM_DRONES: '2', SIM_OSD_HZ: '1', SIM_DETECTION_S: '3' });

  it('uploads a real ONNX model, deploys it to a sim aircraft whose alarms then follow it', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.signIn('operator');
    await e2e.console.open('/model');
    const models = new ModelPage(page);
    await page.locator('.sd-table-body[aria-busy="false"]').waitFor();
    await saveShot(page, 'model', 'empty');

    // A PNG is refused, naming the file; the dialog stays open with the server's words.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await models.upload({ name: '假模型', version: '1.0.0', classes: 'person' }, png);
    const refusal = page.getByTestId('model-upload-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^file: 不是有效的 ONNX 模型/);
    await saveShot(page, 'model', 'refused');
    await page.locator('.sd-model-upload').getByRole('button', { name: '关闭' }).click();
    await page.locator('.sd-model-upload').waitFor({ state: 'detached' });

    // Classes the default detector never reports, so every alarm of them comes from this model.
    await models.upload(
      { name: '港口船只识别', version: '2.1.0', classes: 'ship,animal', threshold: '0.9' },
      Buffer.from(buildOnnx()),
    );
    await models.row('港口船只识别').waitFor();
    expect(await models.row('港口船只识别').textContent()).toContain('2.1.0');
    await saveShot(page, 'model', 'list');

    // The facts the server read from the file.
    await models.row('港口船只识别').getByTestId('model-open').click();
    const drawer = page.getByTestId('model-drawer');
    const version = drawer.getByTestId('model-version');
    await version.waitFor();
    const facts = (await version.textContent()) ?? '';
    expect(facts).toContain('images');
    expect(facts).toContain('[1, 3, 640, 640]');
    expect(facts).toContain('output0');
    expect(facts).toContain('640 × 640');
    expect(facts).toContain('skydeck-tests');
    await saveShot(page, 'model', 'drawer');

    expect(facts).toContain('0.90');
    // Deploy the version to the simulated aircraft on patrol.
    await drawer.getByRole('button', { name: '部署此版本' }).click();
    const targets = page.getByTestId('model-targets');
    await targets.waitFor();
    const aircraft = targets.locator('label').filter({ hasText: PATROL_SN });
    const sn = (await aircraft.locator('code').textContent()) ?? '';
    expect(sn).toBe(PATROL_SN);
    await aircraft.click();
    await saveShot(page, 'model', 'deploy-pick');
    await page.getByTestId('model-deploy-send').click();
    const progress = page.getByTestId('model-deploy-progress');
    await progress
      .locator(`tr[data-sn="${sn}"][data-state="deployed"]`)
      .waitFor({ timeout: 30_000 });
    expect(await progress.locator(`tr[data-sn="${sn}"]`).textContent()).toContain('已部署');
    await saveShot(page, 'model', 'deployed');
    await page.locator('.sd-model-deploy').getByRole('button', { name: '关闭' }).click();
    await drawer.locator(`tr[data-sn="${sn}"][data-state="deployed"]`).waitFor();

    // The aircraft's alarms on /aralm: once the model's first one arrives, every newer one is of
    // its classes and at or above its threshold (older ones came from the default detector).
    await e2e.console.open('/aralm');
    await page.locator('.sd-table-body[aria-busy="false"]').waitFor();
    let rows: Awaited<ReturnType<typeof alarmRows>> = [];
    await expect
      .poll(
        async () => {
          rows = await alarmRows(page, sn);
          return rows.filter((r) => MODEL_CLASSES.includes(r.category)).length;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(3);
    const oldestOfModel = rows.findLastIndex((r) => MODEL_CLASSES.includes(r.category));
    const sinceDeploy = rows.slice(0, oldestOfModel + 1);
    for (const r of sinceDeploy) {
      expect(MODEL_CLASSES).toContain(r.category);
      expect(r.confidence).toBeGreaterThanOrEqual(90);
    }
    await saveShot(page, 'model', 'aralm-follows-model');

    // Undeploy from the drawer: the aircraft drops the model.
    await e2e.console.open('/model');
    await models.row('港口船只识别').getByTestId('model-open').click();
    const row = page.getByTestId('model-drawer').locator(`tr[data-sn="${sn}"]`);
    await row.getByTestId('model-undeploy').click();
    await page
      .getByTestId('model-drawer')
      .locator(`tr[data-sn="${sn}"][data-state="removed"]`)
      .waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('已卸载');
    await saveShot(page, 'model', 'undeployed');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'model', 'undeployed-zh-390');
    // The drawer covers the header: close it to switch the language, then open it again.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await page.getByTestId('model-drawer').waitFor({ state: 'detached' });
    await e2e.console.switchLanguage('English');
    await models.row('港口船只识别').getByTestId('model-open').click();
    await page.getByTestId('model-drawer').getByText('Removed').waitFor();
    await saveShot(page, 'model', 'undeployed-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'model', 'undeployed-en-390');
  });
});
