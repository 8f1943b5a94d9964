import { describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';

const ALL_PAGES = [
  'workbench',
  'task',
  'wayline',
  'device',
  'workspace',
  'users',
  'role',
  'resources',
  'aralm',
  'model',
  'model_ai',
  'meunan',
  'video_square',
  'logs',
  'linxiu',
  'notifications',
  'replay',
  'airspace',
];

describe('signing in and the role menus', () => {
  const e2e = useE2E();

  it('sends a visitor to sign in and lands them on the page they asked for', async () => {
    await e2e.page.goto('/device?tab=2');
    await e2e.page.waitForURL('**/login?**');
    expect(e2e.console.where()).toBe(`/login?redirect=${encodeURIComponent('/device?tab=2')}`);
    await e2e.console.fillSignIn('admin', 'skydeck123');
    await e2e.page.waitForURL('**/device?tab=2');
    await e2e.console.settled();
    await expect.poll(() => e2e.page.title()).toBe('设备管理 - Skydeck 无人机运营平台');
    expect(await e2e.console.storage('VEA-TOKEN')).toMatch(/"id":\d+/);
    // The pinned workbench tag is there although the session started on another page.
    await expect.poll(() => e2e.tabs.paths()).toEqual(['/dashboard', '/device']);
    expect(await e2e.tabs.active()).toBe('/device');
  });

  it('ignores a redirect to another site', async () => {
    await e2e.console.signIn('admin', { redirect: 'https://example.org/steal' });
    expect(e2e.console.where()).toBe('/dashboard');
  });

  it('honours a full address of this site as redirect', async () => {
    await e2e.console.signIn('admin', { redirect: `${e2e.server.url}/logs?x=1` });
    expect(e2e.console.where()).toBe('/logs?x=1');
  });

  it('asks for both fields and shows the server message for a wrong password', async () => {
    await e2e.page.goto('/login');
    const card = e2e.page.locator('.sd-login__card');
    const error = e2e.page.getByTestId('login-error');
    const height = (await card.boundingBox())?.height;
    await e2e.page.locator('#login-password').press('Enter');
    await expect.poll(() => error.innerText()).toBe('请输入密码');
    // The username's message and the password rule are both on screen; the card kept its height.
    expect(await e2e.page.locator('.bp6-form-helper-text').allTextContents()).toEqual([
      '请输入用户名',
      '密码长度为 6 到 12 个字符',
    ]);
    expect((await card.boundingBox())?.height).toBe(height);
    await e2e.console.fillSignIn('admin', 'wrong-pass');
    await expect.poll(() => error.innerText()).toBe('用户名或密码错误');
    expect(e2e.console.where()).toBe('/login');
    expect((await card.boundingBox())?.height).toBe(height);

    await e2e.console.switchLanguage('English');
    await e2e.console.fillSignIn('admin', 'wrong-pass');
    await expect.poll(() => error.innerText()).toBe('Wrong username or password');
    expect(await e2e.page.locator('.bp6-form-helper-text').last().innerText()).toBe(
      'The password is 6 to 12 characters',
    );
    expect((await card.boundingBox())?.height).toBe(height);
  });

  it('gives admin, operator and viewer different menus', async () => {
    const menus: Record<string, string[]> = {};
    for (const user of ['admin', 'operator', 'viewer'] as const) {
      await e2e.context.clearCookies();
      await e2e.page.goto('/login');
      await e2e.page.evaluate(() => localStorage.clear());
      await e2e.console.signIn(user);
      menus[user] = await e2e.console.menu();
    }
    expect(menus.admin).toEqual(ALL_PAGES);
    expect(menus.operator).not.toEqual(menus.admin);
    expect(menus.viewer).not.toEqual(menus.operator);
    expect(menus.viewer?.every((m) => menus.admin?.includes(m))).toBe(true);
  });

  it('refuses the viewer a page outside their menu', async () => {
    await e2e.console.signIn('viewer');
    const menu = await e2e.console.menu();
    const outside = ALL_PAGES.find((p) => !menu.includes(p));
    expect(outside).toBeDefined();
    await e2e.console.open(outside === 'workbench' ? '/dashboard' : `/${outside ?? ''}`);
    expect(await e2e.console.shownError()).toContain('403');
  });

  it('opens every route for the admin', async () => {
    await e2e.console.signIn('admin');
    for (const path of [
      '/task',
      '/taskInfo/7',
      '/subtasksInfo/3',
      '/wayline',
      '/device',
      '/workspace',
      '/users',
      '/role',
      '/resources',
      '/aralm',
      '/model',
      '/model_ai',
      '/meunan',
      '/video_square',
      '/logs',
      '/linxiu',
      '/notifications',
      '/replay',
      '/airspace',
      '/sample',
    ]) {
      await e2e.console.open(path);
      // The page has drawn something of its own and is no longer behind the loading mask.
      await e2e.page.locator('.sd-page > :visible').first().waitFor();
      await e2e.page.locator('.sd-loading-mask').waitFor({ state: 'detached' });
      expect(await e2e.console.errorTitle()).toBeNull();
    }
    for (const bare of ['/taskInfoMap', '/drone_ctl']) {
      await e2e.console.open(bare);
      expect(await e2e.page.locator('.sd-shell').count()).toBe(0);
      expect(await e2e.console.errorTitle()).toBeNull();
    }
    await e2e.console.open('/dashboard');
    await expect.poll(() => e2e.page.title()).toBe('工作台 - Skydeck 无人机运营平台');
  });

  it('shows the 404 page for an unknown address, inside the layout once signed in', async () => {
    await e2e.page.goto('/no/such/page');
    await e2e.page.waitForURL('**/error/no/such/page');
    expect(await e2e.console.shownError()).toContain('404');
    await e2e.console.signIn('admin');
    await e2e.console.open('/no/such/page');
    expect(e2e.console.where()).toBe('/no/such/page');
    await e2e.page.locator('.sd-shell .sd-error').waitFor();
    expect(await e2e.console.shownError()).toContain('404');
    await e2e.page.getByRole('button', { name: '返回首页' }).click();
    await e2e.page.waitForURL('**/dashboard');
  });

  it('has the error pages, the top-level error routes and the redirect helper', async () => {
    for (const [path, status] of [
      ['/error/403', '403'],
      ['/error/500', '500'],
    ] as const) {
      await e2e.console.open(path);
      expect(await e2e.console.shownError()).toContain(status);
    }
    await e2e.page.goto('/403');
    await e2e.page.waitForURL('**/error/403');
    await e2e.page.goto('/500');
    await e2e.page.waitForURL('**/error/500');
    await e2e.console.signIn('admin');
    await e2e.console.open('/500');
    expect(e2e.console.where()).toBe('/500');
    expect(await e2e.console.shownError()).toContain('500');
    await e2e.page.goto('/redirect/wayline?from=tag');
    await e2e.page.waitForURL('**/wayline?from=tag');
    await expect.poll(() => e2e.page.title()).toBe('航线管理 - Skydeck 无人机运营平台');
  });

  it('logs out: forgets the session and returns to sign-in', async () => {
    await e2e.console.signIn('admin');
    await e2e.console.userMenu('退出登录');
    await e2e.page.waitForURL('**/login');
    expect(await e2e.console.storage('token')).toBeNull();
    expect(await e2e.console.storage('tagList')).toBeNull();
    await e2e.page.goto('/task');
    await e2e.page.waitForURL('**/login?redirect=%2Ftask');
  });
});
