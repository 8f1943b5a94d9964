import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';

describe('the user menu', () => {
  const e2e = useE2E();

  it('shows the user center with the signed-in account', async () => {
    await e2e.console.signIn('operator');
    await e2e.console.userDialog('个人中心');
    const dialog = e2e.page.locator('.bp6-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('operator');
    await e2e.page.locator('#profile-nickname').fill('Night shift');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => e2e.page.getByTestId('user-menu').textContent()).toBe('Night shift');
  });

  it('changes the password, then the new one signs in', async () => {
    await e2e.console.signIn('viewer');
    await e2e.console.userDialog('修改密码');
    await e2e.page.locator('#pw-oldPassword').fill(TEST_PASSWORD);
    await e2e.page.locator('#pw-newPassword').fill('new-pass-1');
    await e2e.page.locator('#pw-confirmPassword').fill('new-pass-2');
    await e2e.page.locator('#pw-confirmPassword').press('Enter');
    expect(await e2e.page.locator('.bp6-dialog').textContent()).toContain('两次输入的密码不一致');
    await e2e.page.locator('#pw-confirmPassword').fill('new-pass-1');
    await e2e.page.locator('#pw-confirmPassword').press('Enter');
    await e2e.page.waitForURL('**/login');
    await e2e.console.fillSignIn('viewer', TEST_PASSWORD);
    await expect
      .poll(() => e2e.page.getByTestId('login-error').innerText())
      .toBe('用户名或密码错误');
    await e2e.console.signIn('viewer', { password: 'new-pass-1' });
    expect(e2e.console.where()).toBe('/dashboard');
  });

  it('switches the project, saves it and reloads its devices', async () => {
    await e2e.console.signIn('admin');
    const switcher = e2e.page.getByTestId('workspace-switcher');
    const first = (await switcher.textContent()) ?? '';
    await switcher.click();
    const other = e2e.page.locator('.sd-workspace-menu .bp6-menu-item:not(.bp6-active)').last();
    const name = (await other.textContent()) ?? '';
    const reload = e2e.page.waitForRequest((r) => r.url().includes('/api/device/accountList'));
    await other.click();
    const request = await reload;
    expect(name).not.toBe(first);
    await expect.poll(() => switcher.textContent()).toBe(name);
    const saved = JSON.parse((await e2e.console.storage('workspace')) ?? '{}') as { id?: number };
    expect(new URL(request.url()).searchParams.get('workspace_id')).toBe(String(saved.id));
    await e2e.page.reload();
    await e2e.console.settled();
    await expect.poll(() => switcher.textContent()).toBe(name);
  });
});
