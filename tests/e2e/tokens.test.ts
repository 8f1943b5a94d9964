import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/tokens.ts';
import { TEST_TOKEN_SECRET } from './support/server.ts';
import { useE2E } from './support/setup.ts';

interface StoredAuth {
  token: string;
  refresh_token: string;
}

describe('token expiry', () => {
  const e2e = useE2E();

  async function stored(): Promise<StoredAuth> {
    return JSON.parse((await e2e.console.storage('token')) ?? '{}') as StoredAuth;
  }

  async function replaceTokens(patch: Partial<StoredAuth>): Promise<void> {
    const next = { ...(await stored()), ...patch };
    await e2e.page.evaluate((value) => localStorage.setItem('token', value), JSON.stringify(next));
  }

  it('refreshes an expired access token without the user noticing', async () => {
    await e2e.console.signIn('admin', { redirect: '/users' });
    const before = await stored();
    const expired = await signAccessToken(
      TEST_TOKEN_SECRET,
      { userId: 1, roleId: 1, workspaceId: 1 },
      -60,
    );
    await replaceTokens({ token: expired });
    const refreshes: number[] = [];
    e2e.page.on('response', (r) => {
      if (r.url().endsWith('/api/authorizations')) refreshes.push(r.status());
    });
    await e2e.page.reload();
    await e2e.console.settled();
    await e2e.page.locator('.sd-shell').waitFor();
    expect(e2e.console.where()).toBe('/users');
    expect(refreshes).toEqual([200]);
    const after = await stored();
    expect(after.token).not.toBe(expired);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(await e2e.page.locator('.bp6-toast').count()).toBe(0);
  });

  it('sends the user to sign in, with the redirect, when the refresh token is no good', async () => {
    await e2e.console.signIn('admin', { redirect: '/role?page=2' });
    await replaceTokens({ token: 'expired', refresh_token: 'revoked-or-expired' });
    await e2e.page.reload();
    await e2e.page.waitForURL('**/login?**');
    expect(e2e.console.where()).toBe(`/login?redirect=${encodeURIComponent('/role?page=2')}`);
    expect(await e2e.console.storage('token')).toBeNull();
  });
});
