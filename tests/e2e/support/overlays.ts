import type { Page } from 'playwright-core';

/**
 * Presses Esc on the dialog, alert or drawer just opened, once it holds the focus. Blueprint moves
 * the focus into an overlay a frame after it opens; an Esc sent before that reaches the page behind
 * it and closes nothing, which a loaded machine turns into a flaky test. A person's Esc always comes
 * after the overlay has drawn, so waiting for the focus is what a user would see.
 */
export async function escapeOverlay(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.closest('.bp6-portal') != null);
  await page.keyboard.press('Escape');
}
