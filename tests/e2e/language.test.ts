import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

describe('language and the screenshots of both languages', () => {
  const e2e = useE2E();

  it('switches to English at once and keeps it after a reload', async () => {
    await e2e.page.goto('/login');
    await e2e.console.shot('signin-zh');
    await e2e.console.signIn('admin');
    await e2e.console.shot('workbench-zh');
    await e2e.console.open('/sample');
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    await e2e.console.shot('table-zh');
    expect(await e2e.page.locator('.sd-table th').first().textContent()).toBe('序号');

    await e2e.console.switchLanguage('English');
    await expect.poll(() => e2e.page.locator('.sd-table th').first().textContent()).toBe('Index');
    expect(await e2e.console.storage('lang')).toBe('en');
    await e2e.page.reload();
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    await expect.poll(() => e2e.page.title()).toBe('Sample list - Skydeck 无人机运营平台');
    expect(await e2e.page.locator('.sd-tagbar').textContent()).toContain('Workbench');
    await e2e.console.shot('table-en');
    await e2e.console.open('/dashboard');
    await e2e.console.shot('workbench-en');
    await e2e.console.userMenu('Lock screen');
    await e2e.page.locator('#lock-password').fill('abc123');
    await e2e.page.locator('#lock-password').press('Enter');
    await e2e.page.locator('.sd-lock__clock').waitFor();
    expect(await e2e.page.locator('.sd-lock__date').textContent()).toMatch(/day$/);
    await e2e.console.shot('lock-en');
    await e2e.page.goto('/login');
    await e2e.console.shot('signin-en');
  });
});
