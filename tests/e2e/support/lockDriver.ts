import type { Page } from 'playwright-core';

/** The lock screen as a user meets it. */
export class LockDriver {
  constructor(readonly page: Page) {}

  /** Locks from the user menu with `password` as the lock password (labels in Chinese). */
  async lockWith(password: string, menuLabel = '锁定屏幕'): Promise<void> {
    await this.openDialog(menuLabel);
    await this.page.locator('#lock-password').fill(password);
    await this.page.locator('#lock-password').press('Enter');
    await this.page.waitForURL((url) => url.pathname === '/lock');
  }

  /** Opens the lock dialog from the user menu. */
  async openDialog(menuLabel = '锁定屏幕'): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('menuitem', { name: menuLabel }).click();
  }

  /** Types a password on the lock page and presses Enter. */
  async unlockWith(password: string): Promise<void> {
    const input = this.page.locator('input[name="unlock-password"]');
    await input.fill(password);
    await input.press('Enter');
  }

  /** The error line under the unlock field, or null. */
  async error(): Promise<string | null> {
    const line = this.page.locator('.sd-lock__error');
    await line.waitFor({ timeout: 10_000 }).catch(() => undefined);
    return (await line.count()) > 0 ? line.textContent() : null;
  }

  /** Whether the lock page (clock and form) is on screen. */
  isShown(): Promise<boolean> {
    return this.page.locator('.sd-lock__clock').isVisible();
  }
}
