import { API, type TokenPair } from '../../protocol/http.ts';
import type { ClientDeps } from './clientDeps.ts';
import type { Outcome } from './clientTransport.ts';
import type { RequestOptions } from './requestOptions.ts';

/** One attempt of a JSON call, as the client's transport makes it. */
type Send = (method: string, path: string, opts: RequestOptions) => Promise<Outcome>;

/**
 * The token renewal of spec §7: swaps the refresh token for a new pair, and makes every caller that
 * asks while one runs wait for that same one instead of starting its own. Resolves `true` when the
 * store holds a new token.
 */
export function createSharedRefresh(
  deps: Pick<ClientDeps, 'getTokens' | 'setTokens'>,
  send: Send,
): () => Promise<boolean> {
  let refreshing: Promise<boolean> | null = null;

  /** One refresh shared by every request that got a 401 while it runs. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function doRefresh(): Promise<boolean> {
    const refreshToken = deps.getTokens()?.refresh_token;
    if (refreshToken === undefined || refreshToken === '') return false;
    try {
      const out = await send('PUT', API.authorizations, { bearer: refreshToken });
      const pair = out.body?.data as Partial<TokenPair> | undefined;
      if (out.status !== 200 || typeof pair?.token !== 'string') return false;
      deps.setTokens({ token: pair.token, refresh_token: pair.refresh_token ?? refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  return refreshOnce;
}
