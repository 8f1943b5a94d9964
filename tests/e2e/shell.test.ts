import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

describe('the console frame', () => {
  const e2e = useE2E({ SIM_DRONES: '1' });

  it('keeps every icon in view on the folded sidebar, the same icons as menu management', async () => {
    await e2e.console.signIn('admin', { redirect: '/meunan' });
    const sidebar = e2e.page.locator('.sd-sidebar');
    // Blueprint icons draw an `svg[data-icon]`; buttons' icons (a row's expand arrow) are not the menu's.
    const icons = () =>
      sidebar
        .locator('[data-menu]')
        .evaluateAll((els) =>
          Object.fromEntries(
            els.map((el) => [
              el.getAttribute('data-menu') ?? '',
              el.querySelector('svg[data-icon]')?.getAttribute('data-icon') ?? null,
            ]),
          ),
        );
    // Blueprint draws an icon's paths once its module has loaded: wait for every one of them.
    await expect
      .poll(async () => Object.values(await icons()).every(Boolean), { timeout: 30_000 })
      .toBe(true);
    const inSidebar = await icons();
    await e2e.page.locator('.sd-menu-mono').first().waitFor();
    const inMenuPage = await e2e.page
      .locator('tr', { has: e2e.page.locator('.sd-menu-mono') })
      .evaluateAll((rows) =>
        Object.fromEntries(
          rows.map((row) => [
            row.querySelector('.sd-menu-mono')?.textContent ?? '',
            Array.from(row.querySelectorAll('svg[data-icon]'))
              .find((svg) => !svg.closest('button'))
              ?.getAttribute('data-icon') ?? null,
          ]),
        ),
      );
    expect(Object.keys(inSidebar).length).toBeGreaterThan(10);
    for (const [name, icon] of Object.entries(inSidebar)) {
      expect(icon, name).toBeTruthy();
      expect(icon, name).toBe(inMenuPage[name]);
    }

    await e2e.page.getByTestId('menu-toggle').click();
    await e2e.page.locator('.sd-sidebar--collapsed').waitFor();
    for (const name of ['logs', 'workbench', 'linxiu', 'meunan']) {
      await sidebar.locator(`[data-menu="${name}"]`).hover();
    }
    const rail = await sidebar.boundingBox();
    const boxes = await sidebar.locator('[data-menu] svg').evaluateAll((svgs) =>
      svgs.map((svg) => {
        const { x, width } = svg.getBoundingClientRect();
        return { x, width };
      }),
    );
    expect(boxes.length).toBe(Object.keys(inSidebar).length);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.x).toBeGreaterThanOrEqual(rail?.x ?? 0);
      expect(box.x + box.width).toBeLessThanOrEqual((rail?.x ?? 0) + (rail?.width ?? 0));
    }
  });

  it('gives the full-screen pages a way back to the console', async () => {
    await e2e.console.signIn('admin');
    for (const bare of ['/drone_ctl', '/taskInfoMap']) {
      await e2e.console.open(bare);
      expect(await e2e.page.locator('.sd-shell').count()).toBe(0);
      await e2e.page.getByTestId('back-to-console').click();
      await e2e.page.waitForURL('**/dashboard');
      await e2e.page.locator('.sd-shell').waitFor();
    }
  });

  it('serves its icon and validates forms in its own words', async () => {
    const problems: string[] = [];
    e2e.page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    e2e.page.on('response', (r) => {
      if (r.status() === 404) problems.push(`404 ${new URL(r.url()).pathname}`);
    });
    await e2e.console.signIn('admin', { redirect: '/logs' });
    await e2e.page
      .locator('.bp6-date-range-input, .bp6-dateinput, .bp6-input-group')
      .first()
      .waitFor();
    await e2e.console.open('/sample');
    await e2e.page.locator('.sd-table tbody tr').first().waitFor();
    const favicon = await e2e.page.request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(
      await e2e.page.locator('link[rel="icon"]').evaluate((l) => (l as HTMLLinkElement).href),
    ).toMatch(/\/favicon\.svg$/);
    expect((await e2e.page.request.get('/favicon.svg')).status()).toBe(200);

    // A wrong email: the Chinese interface answers in Chinese, the browser's own bubble never shows.
    await e2e.console.open('/users');
    await e2e.page.getByRole('button', { name: '新增用户' }).click();
    await e2e.page.locator('#user-email').fill('not-an-address');
    await e2e.page.locator('#user-email').press('Enter');
    await e2e.page.locator('.bp6-dialog', { hasText: '邮箱格式不正确' }).waitFor();
    expect(
      await e2e.page.locator('.bp6-dialog form').evaluate((f) => (f as HTMLFormElement).noValidate),
    ).toBe(true);
    // (The date-fns locale message is checked in tests/browser: production builds never log it.)
    expect(problems.filter((p) => /favicon|404/.test(p))).toEqual([]);
  });

  it('shows the whole permission tree of the role dialog', async () => {
    await e2e.console.signIn('admin', { redirect: '/role' });
    await e2e.page.getByRole('button', { name: '新增角色' }).click();
    const dialog = e2e.page.locator('.bp6-dialog');
    await dialog.getByRole('button', { name: '全部展开' }).click();
    const tree = dialog.locator('.bp6-tree');
    const last = tree.locator('.bp6-tree-node-content').last();
    await last.scrollIntoViewIfNeeded();
    // The tree does not scroll on its own (nothing hides inside it) and its last node shows in full.
    expect(await tree.evaluate((t) => t.scrollHeight - t.clientHeight)).toBeLessThanOrEqual(1);
    const body = await dialog.locator('.bp6-dialog-body').boundingBox();
    const node = await last.boundingBox();
    expect(node && body && node.y + node.height <= body.y + body.height + 0.5).toBe(true);
    await e2e.console.shot('role-dialog-tree');
  });
});
