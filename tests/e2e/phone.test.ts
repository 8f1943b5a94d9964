import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

// A phone held upright: the sidebar is a drawer and the top bar's right side folds into one menu.
const PHONE = { width: 390, height: 844 };

describe('the console on a phone', () => {
  const e2e = useE2E({ SIM_DRONES: '2' });

  it('signs in, navigates from the drawer, switches language and logs out from the header menu', async () => {
    await e2e.page.setViewportSize(PHONE);
    await e2e.console.signIn('admin');
    await e2e.console.settled();
    await e2e.console.shot('phone-workbench-zh');
    // Nothing of the top bar is cut off: every part of it lies inside the screen.
    const bar = await e2e.page
      .locator('.sd-topbar')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(bar).toBeLessThanOrEqual(0);
    expect(await e2e.page.locator('.sd-shell > .sd-sidebar').count()).toBe(0);

    await e2e.page.getByTestId('menu-toggle').click();
    const drawer = e2e.page.locator('.sd-drawer');
    await drawer.locator('[data-menu="device"]').waitFor();
    await e2e.console.shot('phone-drawer-zh');
    await drawer.locator('[data-menu="device"]').click();
    await e2e.page.waitForURL('**/device');
    await drawer.waitFor({ state: 'detached' });
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    expect(await e2e.page.locator('.sd-topbar__title').innerText()).toBe('设备管理');

    const more = e2e.page.getByTestId('header-more');
    const box = await more.boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
    await more.click();
    const menu = e2e.page.getByTestId('header-menu');
    await menu.waitFor();
    // Project, language, theme and the user's entries are all in the folded menu.
    for (const item of ['深圳湾巡检', 'English', '浅色主题', '个人中心', '锁定屏幕', '退出登录']) {
      await menu.getByRole('menuitem', { name: item }).waitFor();
    }
    await e2e.console.shot('phone-header-menu-zh');
    await menu.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => e2e.page.locator('.sd-topbar__title').innerText()).toBe('Devices');
    await e2e.console.shot('phone-devices-en');

    await more.click();
    await e2e.page.getByTestId('header-menu').getByRole('menuitem', { name: 'Log out' }).click();
    await e2e.page.waitForURL('**/login');
    expect(await e2e.console.storage('token')).toBeNull();
  });
});
