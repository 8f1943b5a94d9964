/**
 * Notifications belong to a workspace: another project's channels and rules answer 404 and its events
 * never reach this project's channels (a rule of the organisation hears its projects); the page and
 * its buttons are permissions like any other (seeded, and added by the migration to a database seeded
 * before it); every change is audited; bad input is a 400 naming the field, never a 500.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../protocol/http.ts';
import type { NotificationChannel, NotificationRule } from '../../protocol/notifications.ts';
import { AUDIT_WORDS, detailWords } from '../../protocol/auditLog.ts';
import { NOTIFICATION_API } from '../../protocol/notifications.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';
import type { HttpSink } from './notificationsHarness.ts';
import { LOCAL_RECEIVERS, startHttpSink } from './notificationsHarness.ts';

describe.each(backends)('notification scope and input on $name', (backend) => {
  const world = useSeededServer(backend, { config: LOCAL_RECEIVERS });
  let hook: HttpSink;
  beforeAll(async () => {
    hook = await startHttpSink();
  });
  afterAll(() => hook.close());

  const call = <T>(method: string, path: string, token: string, body?: unknown, query = {}) =>
    world.server.call<T>(method, path, { token, body, query });
  const addChannel = (token: string, workspaceId: number, name: string) =>
    call<NotificationChannel>('POST', NOTIFICATION_API.channelAdd, token, {
      workspace_id: workspaceId,
      name,
      kind: 'webhook',
      config: { url: `${hook.url}/${name}` },
    });
  const addRule = (token: string, workspaceId: number, channelIds: number[]) =>
    call<NotificationRule>('POST', NOTIFICATION_API.ruleAdd, token, {
      workspace_id: workspaceId,
      name: 'offline',
      event_kind: 'device_offline',
      channel_ids: channelIds,
    });

  it("keeps another project's channels and rules out of reach (404, never listed)", async () => {
    const { admin, operator, other, home } = world.s;
    const channel = (await addChannel(admin, other, 'other-hook')).body.data;
    const rule = (await addRule(admin, other, [channel.id])).body.data;
    expect(rule.channel_ids).toEqual([channel.id]);
    const list = (path: string, q = {}) => call<unknown[]>('GET', path, operator, undefined, q);
    expect((await list(NOTIFICATION_API.channels, { workspace_id: other })).status).toBe(404);
    expect((await list(NOTIFICATION_API.rules, { workspace_id: other })).status).toBe(404);
    expect((await list(NOTIFICATION_API.deliveries, { workspace_id: other })).status).toBe(404);
    expect((await list(NOTIFICATION_API.channels)).body.data).toEqual([]);
    for (const [path, body] of [
      [
        NOTIFICATION_API.channelEdit,
        { id: channel.id, name: 'x', kind: 'webhook', config: { url: hook.url } },
      ],
      [NOTIFICATION_API.channelDel, { id: channel.id }],
      [NOTIFICATION_API.channelTest, { id: channel.id }],
      [
        NOTIFICATION_API.ruleEdit,
        { id: rule.id, name: 'x', event_kind: 'hms', channel_ids: [channel.id] },
      ],
      [NOTIFICATION_API.ruleDel, { id: rule.id }],
    ] as const) {
      const answer = await call('POST', path, operator, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body.msg).toMatch(/不存在/);
    }
    // Nor may a rule of the operator's project send through the other project's channel.
    const borrowed = await addRule(operator, home, [channel.id]);
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.msg).toMatch(/^channel_ids: /);
  });

  it("never sends one project's events through another's channels", async () => {
    const { admin, home, other, org } = world.s;
    const mine = (await addChannel(admin, home, 'home-hook')).body.data;
    const theirs = (await addChannel(admin, other, 'their-hook')).body.data;
    const orgWide = (await addChannel(admin, org, 'org-hook')).body.data;
    await addRule(admin, home, [mine.id]);
    await addRule(admin, other, [theirs.id]);
    await addRule(admin, org, [orgWide.id]);
    const db = world.server.handle.deps.db;
    await db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id)
       values ('SCOPE-OTHER-1', 'other uav', 0, 67, 0, $1)`,
      [other],
    );
    const before = hook.received.length;
    world.server.handle.deps.notifier.notify({ kind: 'device_offline', deviceSn: 'SCOPE-OTHER-1' });
    await world.server.handle.deps.notifier.idle();
    const paths = hook.received
      .slice(before)
      .map((r) => r.url)
      .sort();
    // The other project's rule and the organisation's; the first test's rule there too, never home's.
    expect(paths).toEqual(['/org-hook', '/other-hook', '/their-hook']);
  });

  it('gives the page and its buttons to admin and operator, not to the viewer', async () => {
    const { operator, viewer } = world.s;
    const info = await call<UserInfo>('GET', '/api/userinfo', operator, undefined, { id: 2 });
    expect(info.body.data.permissions).toEqual(
      expect.arrayContaining(['notification:add', 'notification:edit', 'notification:del']),
    );
    expect((await call('GET', NOTIFICATION_API.channels, viewer)).status).toBe(403);
    const refused = await call('POST', NOTIFICATION_API.channelAdd, viewer, { name: 'x' });
    expect(refused.status).toBe(403);
  });

  it('adds the page to a database seeded before it, once', async () => {
    const db = world.server.handle.deps.db;
    await db.query("delete from menus where name = 'notifications'");
    const sql = await readFile(
      new URL('../../server/db/migrations/0995_notifications.sql', import.meta.url),
      'utf8',
    );
    const menuPart = sql.slice(sql.indexOf('-- The page and its buttons'));
    await db.exec(menuPart);
    await db.exec(menuPart);
    const buttons = await db.query<{ perms: string }>(
      `select c.perms from menus c join menus p on p.id = c.parent_id
       where p.name = 'notifications' order by c.sort`,
    );
    expect(buttons.map((b) => b.perms)).toEqual([
      'notification:add',
      'notification:edit',
      'notification:del',
    ]);
    const granted = await db.query<{ name: string; n: number }>(
      `select r.name, count(*)::int as n from role_menus rm join roles r on r.id = rm.role_id
       join menus m on m.id = rm.menu_id
       where m.name = 'notifications' or m.perms like 'notification:%' group by r.name order by r.name`,
    );
    expect(granted).toEqual([
      { name: 'admin', n: 4 },
      { name: 'operator', n: 4 },
    ]);
  });

  it('audits every change of channels and rules', async () => {
    const { admin, home } = world.s;
    const db = world.server.handle.deps.db;
    const [mark] = await db.query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    const channel = (await addChannel(admin, home, 'audited')).body.data;
    const rule = (await addRule(admin, home, [channel.id])).body.data;
    await call('POST', NOTIFICATION_API.ruleDel, admin, { id: rule.id });
    await call('POST', NOTIFICATION_API.channelDel, admin, { id: channel.id });
    const rows = await db.query<{ action: string; target: string }>(
      `select action, target from audit_logs where module = 'notification' and result = 'success'
       and id > $1 order by id`,
      [mark?.id ?? 0],
    );
    expect(rows.map((r) => [r.action, r.target])).toEqual([
      ['add', String(channel.id)],
      ['add', String(rule.id)],
      ['del', String(rule.id)],
      ['del', String(channel.id)],
    ]);
  });

  it('audits refused changes too, in words of both languages', async () => {
    const { admin, viewer, home } = world.s;
    const db = world.server.handle.deps.db;
    const [mark] = await db.query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    const missing = 999_999;
    // Turned away by the schema, by a check before the transaction, inside it, and by permission.
    await call('POST', NOTIFICATION_API.ruleAdd, admin, { workspace_id: home, name: 'r' });
    await call('POST', NOTIFICATION_API.channelEdit, admin, {
      id: missing,
      name: 'x',
      kind: 'webhook',
      config: { url: hook.url },
    });
    await call('POST', NOTIFICATION_API.channelTest, admin, { id: missing });
    await call('POST', NOTIFICATION_API.ruleDel, admin, { id: missing });
    await call('POST', NOTIFICATION_API.ruleAdd, admin, {
      workspace_id: home,
      name: 'r',
      event_kind: 'hms',
      channel_ids: [missing],
    });
    await call('POST', NOTIFICATION_API.channelAdd, viewer, { name: 'x' });
    const rows = await db.query<{ action: string; target: string; detail: string }>(
      `select action, target, detail from audit_logs where module = 'notification'
       and result = 'failure' and id > $1 order by id`,
      [mark?.id ?? 0],
    );
    const read = rows.map((r) => [
      r.action,
      r.target,
      detailWords(AUDIT_WORDS.en, r.detail),
      detailWords(AUDIT_WORDS['zh-CN'], r.detail),
    ]);
    expect(read).toEqual([
      ['add', '', 'event_kind: invalid value', 'event_kind 格式不正确'],
      ['edit', String(missing), 'No such notification channel', '通知渠道不存在'],
      ['test', String(missing), 'No such notification channel', '通知渠道不存在'],
      ['del', String(missing), 'No such notification rule', '通知规则不存在'],
      [
        'add',
        'r',
        `channel_ids: channel ${String(missing)} is not in this project`,
        `channel_ids: 渠道 ${String(missing)} 不属于该项目`,
      ],
      ['add', '', 'No permission', '没有权限'],
    ]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { admin, home } = world.s;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [NOTIFICATION_API.channelAdd, { kind: 'webhook', config: { url: hook.url } }, /^name: /],
      [NOTIFICATION_API.channelAdd, { name: 'x', kind: 'sms', config: {} }, /^kind: /],
      [
        NOTIFICATION_API.channelAdd,
        { name: 'x', kind: 'webhook', config: { url: 'ftp://h/x' } },
        /^config\.url: .*http/,
      ],
      [
        NOTIFICATION_API.channelAdd,
        { name: 'x', kind: 'webhook', config: { url: 'javascript:alert(1)' } },
        /^config\.url: /,
      ],
      [NOTIFICATION_API.channelAdd, { name: 'x', kind: 'dingtalk', config: {} }, /^config\.url: /],
      [
        NOTIFICATION_API.channelAdd,
        {
          name: 'x',
          kind: 'email',
          config: { host: 'h', port: 25, from: 'ops@example.com', to: ['nope'] },
        },
        /^config\.to\.0: /,
      ],
      [
        NOTIFICATION_API.channelAdd,
        {
          name: 'x',
          kind: 'email',
          config: { host: 'h', port: 70_000, from: 'ops@example.com', to: ['duty@example.com'] },
        },
        /^config\.port: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        { name: 'r', event_kind: 'flood', channel_ids: [1] },
        /^event_kind: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        { name: 'r', event_kind: 'hms', channel_ids: [] },
        /^channel_ids: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        { name: 'r', event_kind: 'hms', channel_ids: [1], rate_limit_minutes: -1 },
        /^rate_limit_minutes: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        {
          name: 'r',
          event_kind: 'hms',
          channel_ids: [1],
          quiet_hours: { start: '22:00', end: '7' },
        },
        /^quiet_hours\.end: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        {
          name: 'r',
          event_kind: 'hms',
          channel_ids: [1],
          quiet_hours: { start: '22:00', end: '07:00', timezone: 'Mars/Olympus' },
        },
        /^quiet_hours\.timezone: /,
      ],
      [
        NOTIFICATION_API.ruleAdd,
        {
          name: 'r',
          event_kind: 'hms',
          channel_ids: [1],
          quiet_hours: { start: '22:00', end: '22:00' },
        },
        /^quiet_hours\.end: /,
      ],
    ];
    const before = await world.server.handle.deps.db.query<{ n: number }>(
      'select (select count(*) from notification_channels)::int + (select count(*) from notification_rules)::int as n',
    );
    for (const [path, body, message] of cases) {
      const answer = await call('POST', path, admin, { workspace_id: home, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg, JSON.stringify(body)).toMatch(message);
    }
    const after = await world.server.handle.deps.db.query<{ n: number }>(
      'select (select count(*) from notification_channels)::int + (select count(*) from notification_rules)::int as n',
    );
    expect(after).toEqual(before);
    const badStatus = await call('GET', NOTIFICATION_API.deliveries, admin, undefined, {
      status: 'lost',
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.msg).toMatch(/^status: /);
  });
});
