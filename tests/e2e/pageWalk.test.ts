import { describe, expect, it } from 'vitest';
import { ROUTE_CATALOG } from '../../src/app/routeCatalog.ts';
import { useE2E } from './support/setup.ts';

/** Every page a sidebar entry opens (hidden pages are reached from them, below). */
const MENU_PAGES = ROUTE_CATALOG.filter((r) => r.hidden !== true).map((r) => r.title);

describe('walking every page, in and out', () => {
  const e2e = useE2E({ SIM_DRONES: '1' });

  it('raises no page error, leaving the route editor and the cockpit included', async () => {
    const { page } = e2e;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await e2e.console.signIn('admin');

    for (const title of MENU_PAGES) await e2e.console.clickMenu(title);

    // The route editor, left three ways: a sidebar entry, its tab's close and the browser's back.
    for (const leave of ['menu', 'back', 'menu-again'] as const) {
      await e2e.console.open('/wayline');
      await page.getByTestId('wayline-new').click();
      await page.locator('[data-testid="editor-map"]:visible [data-ready="true"]').waitFor();
      if (leave === 'back') await page.goBack();
      else await e2e.console.clickMenu(leave === 'menu' ? 'task' : 'workbench');
      // Before the fix the console went dark here: no sidebar, a page error from terra-draw.
      await page.locator('.sd-shell .sd-sidebar').waitFor();
    }

    // The cockpit, opened, left and opened again.
    for (let i = 0; i < 2; i += 1) {
      await e2e.console.open('/drone_ctl');
      await page.getByTestId('back-to-console').click();
      await page.locator('.sd-shell .sd-sidebar').waitFor();
    }
    await e2e.console.open('/task');
    await e2e.console.clickMenu('wayline');

    expect(errors).toEqual([]);
  });
});
