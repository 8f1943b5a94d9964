import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

describe('the tag bar', () => {
  const e2e = useE2E();

  async function openPages(...titles: string[]) {
    for (const title of titles) await e2e.console.clickMenu(title);
  }

  it('opens tags after the active one, ignores open paths, and persists them', async () => {
    await e2e.console.signIn('admin');
    await openPages('task', 'wayline', 'device');
    await expect
      .poll(() => e2e.tabs.paths())
      .toEqual(['/dashboard', '/task', '/wayline', '/device']);
    await e2e.tabs.open('/task');
    await openPages('logs');
    await expect
      .poll(() => e2e.tabs.paths())
      .toEqual(['/dashboard', '/task', '/logs', '/wayline', '/device']);
    await openPages('wayline');
    await expect.poll(() => e2e.tabs.paths()).toHaveLength(5);
    expect(await e2e.tabs.active()).toBe('/wayline');
    await e2e.page.reload();
    await e2e.console.settled();
    await expect
      .poll(() => e2e.tabs.paths())
      .toEqual(['/dashboard', '/task', '/logs', '/wayline', '/device']);
    expect(await e2e.page.locator('[data-path="/dashboard"] button').count()).toBe(0);
  });

  it('closes by middle-click, by ×, left, right, other and all, keeping the affix home tag', async () => {
    await e2e.console.signIn('admin');
    await openPages('task', 'wayline', 'device', 'users', 'logs');
    await e2e.tabs.middleClick('/wayline');
    await expect
      .poll(() => e2e.tabs.paths())
      .toEqual(['/dashboard', '/task', '/device', '/users', '/logs']);

    await e2e.tabs.open('/device');
    await e2e.tabs.act('/device', 'close');
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard', '/task', '/users', '/logs']);
    await expect.poll(() => e2e.tabs.active()).toBe('/users');

    await e2e.tabs.act('/users', 'closeLeft');
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard', '/users', '/logs']);
    await e2e.tabs.act('/users', 'closeRight');
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard', '/users']);

    await openPages('task', 'role');
    await e2e.tabs.open('/task');
    await e2e.tabs.closeOthers();
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard', '/task']);

    await e2e.tabs.act('/task', 'closeAll');
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard']);
    await expect.poll(() => e2e.console.where()).toBe('/dashboard');
  });

  it('scrolls the active tag into view, and the mouse wheel scrolls the bar sideways', async () => {
    await e2e.page.setViewportSize({ width: 1000, height: 800 });
    await e2e.console.signIn('admin');
    const pages = ['task', 'wayline', 'device', 'workspace', 'users', 'role', 'resources'];
    await openPages(...pages, 'aralm', 'model', 'model_ai', 'meunan', 'logs', 'linxiu');
    await expect.poll(() => e2e.tabs.active()).toBe('/linxiu');
    await expect.poll(() => e2e.tabs.inView('/linxiu')).toBe(true);
    expect(await e2e.tabs.scrollLeft()).toBeGreaterThan(0);
    expect(await e2e.tabs.inView('/dashboard')).toBe(false);

    await e2e.tabs.wheel(-5000);
    await expect.poll(() => e2e.tabs.scrollLeft()).toBe(0);
    expect(await e2e.tabs.inView('/dashboard')).toBe(true);
    // Going to a page whose tag is off-screen brings that tag back into view.
    await e2e.console.clickMenu('logs');
    await expect.poll(() => e2e.tabs.inView('/logs')).toBe(true);
  });

  it('keeps a page’s state when coming back to its tag, and refresh drops it', async () => {
    await e2e.console.signIn('admin', { redirect: '/sample' });
    const nickname = e2e.page.locator('.sd-search-form input').first();
    await nickname.fill('pilot-1');
    await openPages('task');
    await e2e.tabs.open('/sample');
    await expect.poll(() => nickname.inputValue()).toBe('pilot-1');
    await e2e.tabs.act('/sample', 'refresh');
    await expect.poll(() => nickname.inputValue()).toBe('');
  });
});
