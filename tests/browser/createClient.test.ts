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

describe('uploads and file answers go through the same rules', () => {
  /** A client whose fetch and upload transport answer from queues, recording what was sent. */
  function wired(
    fetchAnswers: (() => Response)[],
    blobAnswers: { status: number; text: string }[],
  ) {
    const seen = {
      toasts: [] as string[],
      tokens: [] as string[],
      progress: [] as number[],
      lost: 0,
      fetched: [] as { url: string; auth: string | null; keepalive: boolean }[],
    };
    let token = 'old';
    const client = createClient({
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        seen.fetched.push({
          url: input instanceof URL ? input.href : JSON.stringify(input),
          auth: headers.get('Authorization'),
          keepalive: init?.keepalive === true,
        });
        const next = fetchAnswers.shift();
        return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
      },
      sendBlob: ({ headers, onProgress }) => {
        seen.tokens.push(headers.Authorization ?? '');
        onProgress?.(0.5);
        onProgress?.(1);
        const next = blobAnswers.shift();
        return next ? Promise.resolve(next) : Promise.reject(new TypeError('Failed to fetch'));
      },
      baseUrl: 'http://console.test/',
      getTokens: () => ({ token, refresh_token: 'r' }),
      setTokens: (pair) => {
        token = pair.token;
      },
      onSessionLost: () => {
        seen.lost += 1;
      },
      isOnLoginPage: () => false,
      notifyError: (m) => seen.toasts.push(m),
      forgetWayline: () => undefined,
      text: { unknownError: '未知错误', serverError: '服务器错误' },
      language: () => 'zh-CN',
    });
    return { client, seen };
  }
  const envelope = (status: number, data: unknown, msg = 'ok', code = 0) => ({
    status,
    text: JSON.stringify({ code, data, msg }),
  });

  it('renews an expired token once and sends the file again, reporting progress', async () => {
    const { client, seen } = wired(
      [json(200, { code: 0, data: { token: 'new', refresh_token: 'r2' }, msg: 'ok' })],
      [envelope(401, null, 'expired', 100), envelope(200, { id: 7 })],
    );
    const done = await client.upload<{ id: number }>('/api/upload', new Blob(['x']), {
      onProgress: (f) => seen.progress.push(f),
    });
    expect(done).toEqual({ id: 7 });
    expect(seen.tokens).toEqual(['Bearer old', 'Bearer new']);
    expect(seen.progress).toEqual([0.5, 1, 0.5, 1]);
    expect(seen.lost).toBe(0);
  });

  it("rejects with the server's words, quietly when asked", async () => {
    const { client, seen } = wired([], [envelope(400, null, '文件不是 ONNX 模型', 100)]);
    await expect(client.upload('/api/upload', new Blob(['x']), { quiet: true })).rejects.toThrow(
      '文件不是 ONNX 模型',
    );
    expect(seen.toasts).toEqual([]);
  });

  it('sends file downloads with the token and retries once after a renewal', async () => {
    const { client, seen } = wired(
      [
        json(401, { code: 100, data: null, msg: 'expired' }),
        json(200, { code: 0, data: { token: 'new', refresh_token: 'r2' }, msg: 'ok' }),
        () => new Response('a,b\n1,2\n', { status: 200 }),
      ],
      [],
    );
    const response = await client.raw('GET', '/api/logs/export', { query: { tz: 'UTC' } });
    expect(await response.text()).toBe('a,b\n1,2\n');
    expect(seen.fetched.map((f) => f.auth)).toEqual(['Bearer old', 'Bearer r', 'Bearer new']);
    expect(seen.fetched[0]?.url).toBe('http://console.test/api/logs/export?tz=UTC');
  });

  it('reads a refused download in the server words, and sends a keep-alive call once', async () => {
    const { client, seen } = wired(
      [
        json(403, { code: 100, data: null, msg: '没有权限' }),
        json(401, { code: 100, data: null, msg: 'expired' }),
      ],
      [],
    );
    const refused = await client.raw('POST', '/api/media/zip', { body: { ids: [1] } });
    expect(await client.refusalOf(refused)).toBe('没有权限');
    const leaving = await client.raw('POST', '/api/drc/exit', { body: {}, keepalive: true });
    expect(leaving.status).toBe(401);
    expect(seen.fetched.map((f) => f.keepalive)).toEqual([false, true]);
  });
});
