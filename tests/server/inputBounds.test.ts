import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const NUL = '\u0000';

/** A raw request whose answer is read as text, for inputs `fetch` itself would refuse to send. */
function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(backends)('hostile input is refused at validation on $name', (backend) => {
  const world = useSeededServer(backend);

  it('refuses a NUL character in any body or query field with 400 naming the field', async () => {
    const cases = [
      { method: 'POST', path: '/api/login', body: { username: `ad${NUL}min`, password: 'x' } },
      {
        method: 'POST',
        path: '/api/roles/add',
        body: { name: `r${NUL}`, workspace_id: world.s.org },
      },
      { method: 'POST', path: '/api/menu/edit', body: { id: 1, icon: `i${NUL}` } },
      { method: 'GET', path: '/api/user/list', query: { username: `a${NUL}` } },
      { method: 'GET', path: '/api/device/list', query: { sn: NUL } },
    ] as const;
    const fields = ['username', 'name', 'icon', 'username', 'sn'];
    for (const [i, c] of cases.entries()) {
      const answer = await world.server.call(c.method, c.path, {
        token: world.s.admin,
        body: 'body' in c ? c.body : undefined,
        query: 'query' in c ? c.query : undefined,
      });
      expect(answer.status, c.path).toBe(400);
      expect(answer.body).toEqual({
        code: 100,
        data: null,
        msg: `${fields[i] ?? ''}: 不能包含空字符`,
      });
    }
  });

  it('bounds ids, integer filters and pages to the integer column type', async () => {
    const tooBig = 2 ** 31;
    const answers = await Promise.all([
      world.server.call('GET', '/api/user/list', {
        token: world.s.admin,
        query: { role_id: tooBig },
      }),
      world.server.call('GET', '/api/device/list', {
        token: world.s.admin,
        query: { domain: tooBig },
      }),
      world.server.call('GET', '/api/roles/list', {
        token: world.s.admin,
        query: { current: tooBig },
      }),
      world.server.call('POST', '/api/user/del', { token: world.s.admin, body: { id: tooBig } }),
      world.server.call('POST', '/api/roles/update', {
        token: world.s.admin,
        body: { id: 2 ** 53 },
      }),
    ]);
    expect(answers.map((a) => [a.status, a.body.msg])).toEqual([
      [400, 'role_id: 不能大于 2147483647'],
      [400, 'domain: 不能大于 2147483647'],
      [400, 'current: 不能大于 2147483647'],
      [400, 'id: 不能大于 2147483647'],
      [400, 'id: 不能大于 2147483647'],
    ]);
    const largest = await world.server.call('POST', '/api/user/del', {
      token: world.s.admin,
      body: { id: 2 ** 31 - 1 },
    });
    expect(largest.status).toBe(404);
  });

  it('bounds dates in the user and log filters', async () => {
    for (const [path, field] of [
      ['/api/user/list', 'created_from'],
      ['/api/logs/list', 'from'],
    ] as const) {
      for (const [far, msg] of [
        ['-200000-01-01', '不能小于 1970-01-01'],
        ['+275760-09-13', '不能大于 9999-12-31'],
        ['1969-12-31', '不能小于 1970-01-01'],
        ['someday', '格式不正确'],
      ] as const) {
        const answer = await world.server.call('GET', path, {
          token: world.s.admin,
          query: { [field]: far },
        });
        expect(answer.status, `${path} ${far}`).toBe(400);
        expect(answer.body.msg).toBe(`${field}: ${msg}`);
      }
      const sane = await world.server.call('GET', path, {
        token: world.s.admin,
        query: { [field]: '2020-01-01' },
      });
      expect(sane.status).toBe(200);
    }
  });

  it('answers a 1 MB query string and an oversized header in the envelope, no stack', async () => {
    const longQuery = await raw(
      world.server.url,
      `/api/user/list?username=${'a'.repeat(1024 * 1024)}`,
    );
    const bigHeader = await raw(world.server.url, '/api/user/list', {
      'x-filler': 'b'.repeat(64 * 1024),
    });
    const badUrl = await raw(world.server.url, '/api/user/list%E0%A4%A?x=1');
    expect(badUrl.status).toBe(400);
    expect(JSON.parse(badUrl.text)).toMatchObject({ code: 100, data: null });
    for (const answer of [longQuery, bigHeader]) {
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.text)).toEqual({
        code: 100,
        data: null,
        msg: '请求地址或请求头过长',
      });
    }
  });
});
