import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

describe('the PDF report', () => {
  const e2e = useE2E();

  async function exported(button: Locator) {
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('报告.pdf');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(100);
    expect(Math.max(width, height)).toBeLessThanOrEqual(14_400);
  }

  it('downloads 报告.pdf, a real PDF holding the captured table page', async () => {
    await e2e.console.signIn('admin', { redirect: '/sample' });
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    await exported(e2e.page.getByTestId('export-pdf'));
  });

  it('exports the workbench from its export action', async () => {
    await e2e.console.signIn('admin');
    await e2e.console.settled();
    await exported(e2e.page.getByRole('button', { name: '导出报告' }));
  });
});
