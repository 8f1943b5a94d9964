/**
 * Where notifications may go. A channel's address is typed by a project admin, so the server must not
 * become their way into its own network: loopback, link-local (cloud metadata), private and reserved
 * addresses are refused when a channel is saved (400 naming the field, audited) and again when a
 * message is sent (DNS may have changed since), unless the operator allows them
 * (`NOTIFY_ALLOW_PRIVATE`, `NOTIFY_ALLOW_HOSTS`). Redirects are not followed, a try has a time limit,
 * and no more of an answer is read than the log keeps.
 */
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationChannel, NotificationDelivery } from '../../protocol/notifications.ts';
import { AUDIT_WORDS, detailWords } from '../../protocol/auditLog.ts';
import { NOTIFICATION_API } from '../../protocol/notifications.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { postJson } from '../../server/notifications/channels/httpPost.ts';
import {
  checkHost,
  egressPolicy,
  isPublicAddress,
  PUBLIC_ONLY,
} from '../../server/notifications/egress.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';
import type { HttpSink, SmtpSink } from './notificationsHarness.ts';
import { startHttpSink, startSmtpSink } from './notificationsHarness.ts';

/** The operator allowed the loopback address the receivers of this file listen on. */
const LOCAL = egressPolicy({ allowPrivate: false, allowHosts: ['127.0.0.1'] });

describe('which addresses count as public', () => {
  it('refuses loopback, link-local, private, unique-local and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets public addresses through, also behind NAT64', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
  });

  it('follows the allowance: everything, named hosts, addresses and subnets', async () => {
    expect(await checkHost(PUBLIC_ONLY, '10.1.2.3')).not.toBeNull();
    expect(await checkHost(PUBLIC_ONLY, 'localhost')).not.toBeNull();
    const all = egressPolicy({ allowPrivate: true, allowHosts: [] });
    expect(await checkHost(all, '10.1.2.3')).toBeNull();
    const some = egressPolicy({
      allowPrivate: false,
      allowHosts: ['localhost', '10.0.0.0/8', 'fd00::5'],
    });
    expect(await checkHost(some, 'localhost')).toBeNull();
    expect(await checkHost(some, '10.200.0.1')).toBeNull();
    expect(await checkHost(some, '[fd00::5]')).toBeNull();
    expect(await checkHost(some, '192.168.0.1')).not.toBeNull();
    expect(await checkHost(some, '169.254.169.254')).not.toBeNull();
  });

  it('reads the allowance from NOTIFY_ALLOW_PRIVATE and NOTIFY_ALLOW_HOSTS', () => {
    expect(loadConfig({}).notifyEgress).toEqual({ allowPrivate: false, allowHosts: [] });
    const read = loadConfig({
      NOTIFY_ALLOW_PRIVATE: 'true',
      NOTIFY_ALLOW_HOSTS: 'Hooks.Corp.example, 10.0.0.0/8, fd00::/8 ,192.168.1.5',
    }).notifyEgress;
    expect(read).toEqual({
      allowPrivate: true,
      allowHosts: ['hooks.corp.example', '10.0.0.0/8', 'fd00::/8', '192.168.1.5'],
    });
    for (const env of [
      { NOTIFY_ALLOW_HOSTS: 'hooks corp' },
      { NOTIFY_ALLOW_HOSTS: '10.0.0.0/33' },
      { NOTIFY_ALLOW_PRIVATE: 'maybe' },
    ]) {
      const name = Object.keys(env)[0] ?? '';
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
  });
});

/** An HTTP server on 127.0.0.1 whose handler the test writes. */
async function listen(handler: (res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('one request to a channel', () => {
  it('does not follow a redirect, not even to an allowed host', async () => {
    const target = await startHttpSink();
    const moved = await listen((res) => res.writeHead(302, { location: target.url }).end());
    try {
      const result = await postJson(moved.url, '{}', { egress: LOCAL });
      expect(result).toMatchObject({ ok: false, statusCode: 302, retry: false });
      expect(result.error).toMatch(/redirect not followed/);
      expect(target.received).toHaveLength(0);
    } finally {
      await moved.close();
      await target.close();
    }
  });

  it('reads a bounded part of an endless answer and hangs up', async () => {
    let written = 0;
    let hungUp = false;
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const endless = await listen((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.on('close', () => (hungUp = !res.writableFinished));
      // Writes for as long as the client keeps reading (64 MiB at most, so a bug cannot run away).
      const pump = () => {
        while (!res.destroyed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    try {
      const result = await postJson(endless.url, '{}', { egress: LOCAL });
      expect(result).toMatchObject({ ok: true, statusCode: 200 });
      await expect.poll(() => hungUp).toBe(true);
      expect(written).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await endless.close();
    }
  });

  it('gives up on a receiver that never answers, to try again later', async () => {
    const silent = await listen(() => undefined);
    try {
      const result = await postJson(silent.url, '{}', { egress: LOCAL, timeoutMs: 100 });
      expect(result).toMatchObject({
        ok: false,
        statusCode: null,
        error: 'timed out',
        retry: true,
      });
    } finally {
      await silent.close();
    }
  });

  it('refuses a private address without connecting', async () => {
    const sink = await startHttpSink();
    try {
      for (const url of [sink.url, sink.url.replace('127.0.0.1', 'localhost')]) {
        const result = await postJson(url, '{}', { egress: PUBLIC_ONLY });
        expect(result, url).toMatchObject({ ok: false, retry: false });
        expect(result.error).toMatch(/not a public address/);
      }
      expect(sink.received).toHaveLength(0);
      const other = await postJson('file:///etc/passwd', '{}', { egress: LOCAL });
      expect(other).toMatchObject({ ok: false, retry: false });
    } finally {
      await sink.close();
    }
  });
});

describe.each(backends)('notification addresses on $name', (backend) => {
  // The operator allowed nothing: public addresses only.
  const world = useSeededServer(backend);
  let sink: HttpSink;
  let smtp: SmtpSink;
  beforeAll(async () => {
    sink = await startHttpSink();
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await smtp.close();
  });

  const add = (body: Record<string, unknown>, lang?: string) =>
    world.server.call<NotificationChannel>('POST', NOTIFICATION_API.channelAdd, {
      token: world.s.admin,
      body: { workspace_id: world.s.home, name: 'hook', kind: 'webhook', ...body },
      lang,
    });
  const mail = (host: string) => ({
    kind: 'email',
    config: {
      host,
      port: smtp.port,
      security: 'none',
      from: 'alerts@skydeck.test',
      to: ['duty@skydeck.test'],
    },
  });

  it('refuses to save a channel that points inside, naming the field', async () => {
    const db = world.server.handle.deps.db;
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from notification_channels'))[0]?.n;
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ config: { url: sink.url } }, /^config\.url: 127\.0\.0\.1/],
      [{ config: { url: 'http://localhost:8080/x' } }, /^config\.url: localhost/],
      [{ config: { url: 'http://169.254.169.254/latest/meta-data/' } }, /^config\.url: /],
      [{ config: { url: 'http://100.100.100.200/latest/meta-data/' } }, /^config\.url: /],
      [{ config: { url: 'http://10.0.0.8/hook' } }, /^config\.url: /],
      [{ config: { url: 'https://192.168.1.1/hook' } }, /^config\.url: /],
      [{ config: { url: 'http://0.0.0.0:80/' } }, /^config\.url: /],
      [{ config: { url: 'http://0x7f.1/' } }, /^config\.url: 127\.0\.0\.1/],
      [{ config: { url: 'http://[::1]:8080/' } }, /^config\.url: ::1/],
      [{ config: { url: 'http://[fd00::8]/' } }, /^config\.url: /],
      [{ config: { url: 'http://[::ffff:127.0.0.1]/' } }, /^config\.url: /],
      [{ config: { url: 'file:///etc/passwd' } }, /^config\.url: /],
      [{ config: { url: 'gopher://10.0.0.1:6379/_INFO' } }, /^config\.url: /],
      [
        { kind: 'dingtalk', config: { url: 'http://127.0.0.1/robot/send?access_token=x' } },
        /^config\.url: /,
      ],
      [
        { kind: 'wecom', config: { url: 'http://10.1.1.1/cgi-bin/webhook/send?key=k' } },
        /^config\.url/,
      ],
      [
        { kind: 'feishu', config: { url: 'http://[fe80::1]/open-apis/bot/v2/hook/x' } },
        /^config\.url/,
      ],
      [mail('127.0.0.1'), /^config\.host: 127\.0\.0\.1/],
      [mail('LOCALHOST'), /^config\.host: localhost/],
    ];
    for (const [body, expected] of cases) {
      const answer = await add(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg, JSON.stringify(body)).toMatch(expected);
    }
    expect(await count()).toBe(before);
    const english = await add({ config: { url: sink.url } }, 'en');
    expect(english.body.msg).toMatch(/^config\.url: 127\.0\.0\.1 .*NOTIFY_ALLOW_HOSTS/);
  });

  it('saves a public address, and refuses an edit that moves it inside', async () => {
    const added = await add({ name: 'public hook', config: { url: 'http://93.184.216.34/hook' } });
    expect(added.status, added.body.msg).toBe(200);
    const edited = await world.server.call('POST', NOTIFICATION_API.channelEdit, {
      token: world.s.admin,
      body: {
        id: added.body.data.id,
        name: 'public hook',
        kind: 'webhook',
        config: { url: 'http://169.254.169.254/computeMetadata/v1/' },
      },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.msg).toMatch(/^config\.url: 169\.254\.169\.254/);
  });

  it('refuses at delivery an address that became private after it was saved', async () => {
    const db = world.server.handle.deps.db;
    // As if DNS answered a public address at save and a private one now: stored as it stands.
    const stored = [
      ['webhook', { url: sink.url, secret: '' }],
      ['webhook', { url: sink.url.replace('127.0.0.1', 'localhost'), secret: '' }],
      ['wecom', { url: `${sink.url}?key=k` }],
      ['email', { ...mail('127.0.0.1').config, user: '', password: '' }],
    ] as const;
    for (const [kind, config] of stored) {
      const [row] = await db.query<{ id: number }>(
        `insert into notification_channels (workspace_id, name, kind, config)
         values ($1, 'rebound', $2, $3) returning id`,
        [world.s.home, kind, JSON.stringify(config)],
      );
      const sent = await world.server.call<NotificationDelivery>(
        'POST',
        NOTIFICATION_API.channelTest,
        { token: world.s.admin, body: { id: row?.id } },
      );
      expect(sent.body.data.status, kind).toBe('failed');
      expect(sent.body.data.attempts).toHaveLength(1);
      expect(sent.body.data.attempts[0]?.error).toMatch(/not a public address/);
    }
    expect(sink.received).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('audits each refused save with words in both languages', async () => {
    const db = world.server.handle.deps.db;
    const [mark] = await db.query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    await add({ name: 'inside', config: { url: 'http://10.9.8.7/hook' } });
    const rows = await db.query<{ action: string; result: string; detail: string }>(
      `select action, result, detail from audit_logs where module = 'notification' and id > $1`,
      [mark?.id ?? 0],
    );
    expect(rows.map((r) => [r.action, r.result])).toEqual([['add', 'failure']]);
    const detail = rows[0]?.detail ?? '';
    expect(detailWords(AUDIT_WORDS.en, detail)).toBe(
      'config.url: 10.9.8.7 points inside the network; not saved',
    );
    expect(detailWords(AUDIT_WORDS['zh-CN'], detail)).toBe(
      'config.url: 10.9.8.7 指向内网或本机地址，未保存',
    );
  });
});
