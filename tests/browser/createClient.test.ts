import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/ApiError.ts';
import { createClient, REQUEST_TIMEOUT_MS } from '../../src/api/createClient.ts';

/** A client over a stubbed fetch that answers each call with the next canned response. */
function stubbed(answers: (() => Response)[]) {
  const seen = {
    toasts: [] as string[],
    forgot: 0,
    signals: [] as (AbortSignal | null | undefined)[],
  };
  const client = createClient({
    fetch: (_input, init) => {
      seen.signals.push(init?.signal);
      const next = answers.shift();
      return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
    },
    baseUrl: 'http://console.test/',
    getTokens: () => ({ token: 'a', refresh_token: 'r' }),
    setTokens: () => undefined,
    onSessionLost: () => undefined,
    isOnLoginPage: () => false,
    notifyError: (m) => seen.toasts.push(m),
    forgetWayline: () => {
      seen.forgot += 1;
    },
    text: { unknownError: '未知错误', serverError: '服务器错误' },
    language: () => 'zh-CN',
  });
  return { client, seen };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('client error rules (no server needed)', () => {
  it('shows 服务器错误 for a 500', async () => {
    const { client, seen } = stubbed([json(500, { code: 100, data: null, msg: 'boom' })]);
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(seen.toasts).toEqual(['服务器错误']);
  });

  it('reads msg.message when msg is an object, else says unknown error', async () => {
    const { client, seen } = stubbed([
      json(200, { code: 100, data: null, msg: { message: 'inner text' } }),
      json(200, { code: 100, data: null, msg: {} }),
    ]);
    await expect(client.get('/api/x')).rejects.toThrow('inner text');
    await expect(client.get('/api/x')).rejects.toThrow('未知错误');
    expect(seen.toasts).toEqual(['inner text', '未知错误']);
  });

  it('forgets the stored wayline when the wayline file is missing', async () => {
    const { client, seen } = stubbed([json(404, { code: 100, data: null, msg: '航线文件不存在' })]);
    await expect(client.get('/api/wayline/1')).rejects.toThrow('航线文件不存在');
    expect(seen.forgot).toBe(1);
  });

  it('reports a network failure with its own message, and quiet calls show nothing', async () => {
    const { client, seen } = stubbed([json(400, { code: 100, data: null, msg: 'nope' })]);
    await expect(client.request('POST', '/api/x', { quiet: true })).rejects.toThrow('nope');
    await expect(client.get('/api/x')).rejects.toThrow('Failed to fetch');
    expect(seen.toasts).toEqual(['Failed to fetch']);
  });

  it('gives every call a 20 s time-out signal', async () => {
    const { client, seen } = stubbed([json(200, { code: 200, data: 5, msg: '' })]);
    expect(await client.get<number>('/api/x')).toBe(5);
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(seen.signals[0]).toBeInstanceOf(AbortSignal);
  });
});
