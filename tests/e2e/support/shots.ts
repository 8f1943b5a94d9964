import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Screenshots are for a person's eyes, not for the suite: taken only when `SKYDECK_SHOTS=1`. */
export const SHOTS_ON = process.env.SKYDECK_SHOTS === '1';

/** Where screenshots go (`SKYDECK_SHOTS_DIR`, default `/tmp/shots`). */
export const SHOTS_DIR = process.env.SKYDECK_SHOTS_DIR ?? '/tmp/shots';

/**
 * Saves a screenshot of `page` as `{SHOTS_DIR}/{folder}/{name}.png` when screenshots are on; otherwise
 * does nothing, so a plain test run writes no files.
 */
export async function saveShot(
  page: Page,
  folder: string,
  name: string,
  options: { animations?: 'disabled' | 'allow'; fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  const dir = join(SHOTS_DIR, folder);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ ...options, path: join(dir, `${name}.png`) });
}
