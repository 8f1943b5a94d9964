import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { embeddedJpegs, jpegInk, WHOLE, type Region } from './support/pdfImages.ts';
import { useE2E } from './support/setup.ts';

describe('the PDF report', () => {
  const e2e = useE2E({ SIM_DRONES: '2' });

  async function exported(button: Locator): Promise<{ bytes: Buffer; pdf: PDFDocument }> {
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('报告.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      expect(Math.min(width, height)).toBeGreaterThan(100);
      expect(Math.max(width, height)).toBeLessThanOrEqual(14_400);
    }
    return { bytes, pdf };
  }

  /** A JPEG's size and how much of `region` is drawn, decoded by the test's browser. */
  const ink = (jpeg: Buffer, region: Region = WHOLE) => jpegInk(e2e.page, jpeg, region);

  it('turns the dark-theme table page into a titled, paged, light document', async () => {
    await e2e.console.signIn('admin', { redirect: '/sample' });
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    await e2e.page.locator('.sd-pagination select').selectOption('100');
    await expect.poll(() => e2e.page.locator('.sd-table tbody tr').count()).toBeGreaterThan(40);
    expect(await e2e.page.locator('body').getAttribute('class')).toContain('bp6-dark');

    const { bytes, pdf } = await exported(e2e.page.getByTestId('export-pdf'));
    const pages = pdf.getPageCount();
    expect(pages).toBeGreaterThan(1);
    // The title block's facts travel with the file; the footer numbers every page.
    expect(pdf.getTitle()).toBe('示例列表 - Skydeck 无人机运营平台');
    expect(pdf.getSubject()).toMatch(
      /^项目: 深圳湾巡检; 导出人: 管理员; 导出时间: \d{4}-\d\d-\d\d /,
    );
    const text = bytes.toString('latin1');
    for (let n = 1; n <= pages; n += 1) expect(text).toContain(`(${n} / ${pages}) Tj`);
    // Dark text on white on every page, never light-grey text on white nor an empty page.
    const images = embeddedJpegs(pdf);
    expect(images).toHaveLength(pages);
    for (const image of images) {
      const { marked, dark } = await ink(image);
      expect(marked).toBeGreaterThan(0.005);
      expect(dark).toBeGreaterThan(0.002);
      expect(marked).toBeLessThan(0.6);
    }
    // The page on screen was left as it was: still dark, still with its controls.
    expect(await e2e.page.locator('body').getAttribute('class')).toContain('bp6-dark');
    await e2e.page.getByTestId('export-pdf').waitFor();
  });

  it('exports the workbench with its map at full height and its device rows', async () => {
    await e2e.console.signIn('admin');
    await e2e.console.settled();
    await e2e.page.locator('[data-testid=device-row]').first().waitFor();
    const page = await e2e.page.getByTestId('workbench').boundingBox();
    const map = await e2e.page.getByTestId('workbench-map').boundingBox();
    const list = await e2e.page.getByTestId('fleet-sidebar').boundingBox();
    if (!page || !map || !list) throw new Error('the workbench is not on screen');
    const { pdf } = await exported(e2e.page.getByRole('button', { name: '导出报告' }));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('工作台 - Skydeck 无人机运营平台');
    const [image] = embeddedJpegs(pdf);
    if (!image) throw new Error('the report has no page image');
    // The capture is the workbench plus the report's 24 px padding each side, scaled alike.
    const { width, height } = await ink(image);
    const scale = width / (page.width + 48);
    // The map keeps the height it has on screen (a picture of that size, not cut off at the top).
    expect(height / scale).toBeGreaterThan(map.height + 48);
    // The device list shows its rows (dark names on paper), not only its count line.
    const rows = await ink(image, {
      left: (24 + 8) / (width / scale),
      top: 1 - (24 + list.height - 40) / (height / scale),
      width: (list.width - 16) / (width / scale),
      height: (list.height - 80) / (height / scale),
    });
    expect(rows.dark).toBeGreaterThan(0.004);
  });
});
