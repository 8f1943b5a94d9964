import { describe, expect, it } from 'vitest';
import { API, type Role } from '../../protocol/http.ts';
import { adminApi } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';

describe('refusals and small screens', () => {
  const e2e = useE2E();

  it('refuses a role without menus with the no-permission alert and returns to sign-in', async () => {
    const api = await adminApi(e2e.server.url);
    const role = await api.post<Role>(API.rolesAdd, {
      workspace_id: api.workspaceId,
      name: 'nothing',
      menu_ids: [],
    });
    await api.post(API.userAdd, {
      username: 'nomenu',
      password: TEST_PASSWORD,
      role_id: role.id,
      workspace_id: api.workspaceId,
    });
    await e2e.page.goto('/login');
    await e2e.console.fillSignIn('nomenu', TEST_PASSWORD);
    const alert = e2e.page.locator('.bp6-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('无权限');
    await e2e.page.waitForURL('**/login?**');
    expect(await e2e.console.storage('token')).toBeNull();
  });

  it('moves the sidebar into a drawer on a screen narrower than 768 px', async () => {
    await e2e.console.signIn('admin');
    expect(await e2e.page.locator('.sd-sidebar').count()).toBe(1);
    await e2e.page.setViewportSize({ width: 700, height: 900 });
    await e2e.page.locator('.sd-sidebar').waitFor({ state: 'detached' });
    await e2e.console.settled();
    await e2e.page.getByTestId('menu-toggle').click();
    await e2e.page.locator('.sd-drawer .sd-sidebar [data-menu="logs"]').waitFor();
    await e2e.console.shot('narrow-zh');
    await e2e.page.setViewportSize({ width: 1200, height: 900 });
    await e2e.page.locator('.sd-shell > .sd-sidebar').waitFor();
  });

  it('keeps only the keys of spec §3 in local storage', async () => {
    await e2e.console.signIn('admin');
    await e2e.console.clickMenu('task');
    await e2e.console.switchLanguage('English');
    const keys = await e2e.page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(['VEA-TOKEN', 'clientId', 'lang', 'tagList', 'token', 'workspace']);
    expect(await e2e.console.storage('clientId')).toMatch(/^\d{6}$/);
  });

  it('saves the light theme and keeps dark as the default', async () => {
    await e2e.console.signIn('admin');
    expect(await e2e.page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    await e2e.page.getByRole('button', { name: '浅色主题' }).click();
    await e2e.page.reload();
    await e2e.console.settled();
    expect(await e2e.page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(false);
    expect(await e2e.console.storage('theme')).toBe('light');
    await e2e.console.shot('workbench-light-zh');
  });
});
