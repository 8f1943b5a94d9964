import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';

describe('the lock screen', () => {
  const e2e = useE2E();

  it('stays locked across a reload and opens with the lock password', async () => {
    await e2e.console.signIn('admin', { redirect: '/device' });
    await e2e.lock.lockWith('lock-me-1');
    expect(e2e.console.where()).toBe(`/lock?redirect=${encodeURIComponent('/device')}`);
    const stored = JSON.parse((await e2e.console.storage('token')) ?? '{}') as {
      screenCode?: string;
    };
    expect(stored.screenCode).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(stored.screenCode).not.toContain('lock-me-1');

    // The lock page names itself in the tab, not the page it locked.
    await expect.poll(() => e2e.page.title()).toBe('屏幕已锁定 - Skydeck 无人机运营平台');
    await e2e.page.reload();
    expect(await e2e.lock.isShown()).toBe(true);
    await expect.poll(() => e2e.page.title()).toBe('屏幕已锁定 - Skydeck 无人机运营平台');
    await e2e.page.goto('/users');
    await e2e.page.waitForURL('**/lock?redirect=%2Fusers');
    await e2e.console.shot('lock-zh');

    await e2e.lock.unlockWith('not-it');
    expect(await e2e.lock.error()).toBe('密码错误');
    await e2e.lock.unlockWith('lock-me-1');
    await e2e.page.waitForURL('**/users');
    const after = JSON.parse((await e2e.console.storage('token')) ?? '{}') as {
      screenCode?: string;
    };
    expect(after.screenCode).toBeUndefined();
  });

  it('opens with the account password too', async () => {
    await e2e.console.signIn('operator');
    await e2e.lock.lockWith('other-123');
    await e2e.page.reload();
    await e2e.lock.unlockWith(TEST_PASSWORD);
    await e2e.page.waitForURL('**/dashboard');
    await e2e.page.locator('.sd-shell').waitFor();
  });

  it('keeps what the user types in the lock field once the menu has closed', async () => {
    await e2e.console.signIn('operator');
    await e2e.lock.openDialog();
    await e2e.page.locator('#lock-password').waitFor();
    // The menu's exit transition ends after the dialog took the focus; typing starts after it.
    await e2e.page.locator('.bp6-popover').waitFor({ state: 'detached' });
    await e2e.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await e2e.page.keyboard.type('abcdef');
    await e2e.page.keyboard.press('Enter');
    await e2e.page.waitForURL((url) => url.pathname === '/lock');
  });

  it('asks for a password before unlocking', async () => {
    await e2e.console.signIn('viewer');
    await e2e.lock.lockWith('abcdef');
    await e2e.page.locator('input[name="unlock-password"]').press('Enter');
    expect(await e2e.lock.error()).toBe('请输入锁屏密码');
  });
});
