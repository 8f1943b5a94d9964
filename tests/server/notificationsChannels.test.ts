/**
 * Notification channels through the API against receivers this test starts: a webhook gets the JSON
 * with a correct HMAC signature and is retried after a 500 on virtual time, each try in the delivery
 * log; e-mail reaches a tiny SMTP server; DingTalk, WeCom and Feishu get their documented shapes and
 * signatures; credentials are answered masked and kept when sent back masked.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../protocol/http.ts';
import type { NotificationChannel, NotificationDelivery } from '../../protocol/notifications.ts';
import { NOTIFICATION_API } from '../../protocol/notifications.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { backends } from './helpers/backends.ts';
import type { HttpSink, NotifyWorld, SmtpSink } from './notificationsHarness.ts';
import {
  mailText,
  startHttpSink,
  startNotifyWorld,
  startSmtpSink,
} from './notificationsHarness.ts';

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
const ROBOT_SECRET = 'SECa3ecf88f2b3eb50db30ecfc00f53033ac909c99bf7f88fd612bda89d7f3a9dc';
const START = Date.parse('2025-05-01T02:00:00Z');
const DAY = 86_400_000;

describe.each(backends)('notification channels on $name', (backend) => {
  const clock = manualScheduler(START);
  let w: NotifyWorld;
  let hook: HttpSink;
  let smtp: SmtpSink;
  /** How many of the next requests the receiver refuses with a 500. */
  let failNext = 0;

  beforeAll(async () => {
    hook = await startHttpSink(() =>
      failNext-- > 0 ? { status: 500, body: 'down' } : { status: 200 },
    );
    smtp = await startSmtpSink();
    w = await startNotifyWorld(backend, clock);
  });
  afterAll(async () => {
    await w.close();
    await hook.close();
    await smtp.close();
  });

  const add = (body: Record<string, unknown>) =>
    w.call<NotificationChannel>('POST', NOTIFICATION_API.channelAdd, {
      token: w.s.admin,
      body: { workspace_id: w.s.home, ...body },
    });
  const sendTest = (id: number) =>
    w.call<NotificationDelivery>('POST', NOTIFICATION_API.channelTest, {
      token: w.s.admin,
      body: { id },
    });
  /** The next request the receiver gets after `work`. */
  async function nextRequest(work: () => Promise<unknown>) {
    const before = hook.received.length;
    await work();
    const all = await hook.waitFor(before + 1);
    const request = all[before];
    if (!request) throw new Error('no request');
    return request;
  }

  it('signs a webhook body with HMAC-SHA256 of its raw bytes', async () => {
    const added = await add({
      name: 'ops hook',
      kind: 'webhook',
      config: { url: `${hook.url}/skydeck`, secret: WEBHOOK_SECRET },
    });
    expect(added.status).toBe(200);
    // The secret is never answered in full, nor the URL's path, where hooks keep their tokens.
    expect(added.body.data.config).toMatchObject({ url: `${hook.url}/••••••` });
    expect(JSON.stringify(added.body.data)).not.toContain(WEBHOOK_SECRET);
    let answer: NotificationDelivery | undefined;
    const request = await nextRequest(async () => {
      const sent = await sendTest(added.body.data.id);
      expect(sent.status).toBe(200);
      answer = sent.body.data;
    });
    expect(answer).toMatchObject({ status: 'sent', kind: 'test', channel_kind: 'webhook' });
    expect(request.url).toBe('/skydeck');
    const expected = createHmac('sha256', WEBHOOK_SECRET).update(request.body).digest('hex');
    expect(request.headers['x-skydeck-signature']).toBe(`sha256=${expected}`);
    expect(request.headers['x-skydeck-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'test',
      delivery_id: answer?.id,
      workspace: { id: w.s.home },
    });
  });

  it('retries after a 500 with back-off on the clock, and logs each try', async () => {
    const added = await add({ name: 'flaky hook', kind: 'webhook', config: { url: hook.url } });
    failNext = 2;
    const before = hook.received.length;
    const first = await sendTest(added.body.data.id);
    expect(first.body.data).toMatchObject({ status: 'pending', attempts: [{ ok: false }] });
    expect(first.body.data.attempts[0]?.status_code).toBe(500);
    // Nothing more until the clock moves: the first retry is 1 s later, the second 5 s after that.
    await w.advance(999);
    expect(hook.received.length).toBe(before + 1);
    await w.advance(1);
    expect(hook.received.length).toBe(before + 2);
    await w.advance(5_000);
    expect(hook.received.length).toBe(before + 3);
    const log = await w.call<Page<NotificationDelivery>>('GET', NOTIFICATION_API.deliveries, {
      token: w.s.admin,
      query: { workspace_id: w.s.home, channel_id: added.body.data.id },
    });
    const [delivery] = log.body.data.data;
    expect(delivery?.status).toBe('sent');
    expect(delivery?.attempts.map((a) => [a.attempt, a.ok, a.status_code])).toEqual([
      [1, false, 500],
      [2, false, 500],
      [3, true, 200],
    ]);
    // Same body each try, so a receiver can drop repeats by `delivery_id`.
    const bodies = new Set(hook.received.slice(before).map((r) => r.body));
    expect(bodies.size).toBe(1);
  });

  it('gives up after the last retry and marks the delivery failed', async () => {
    const added = await add({ name: 'dead hook', kind: 'webhook', config: { url: hook.url } });
    failNext = 10;
    await sendTest(added.body.data.id);
    for (const step of [1_000, 5_000, 25_000]) await w.advance(step);
    failNext = 0;
    const log = await w.call<Page<NotificationDelivery>>('GET', NOTIFICATION_API.deliveries, {
      token: w.s.admin,
      query: { workspace_id: w.s.home, status: 'failed' },
    });
    const mine = log.body.data.data.find((d) => d.channel_id === added.body.data.id);
    expect(mine?.attempts).toHaveLength(4);
  });

  it('sends e-mail through SMTP with the configured sign-in and recipients', async () => {
    const added = await add({
      name: 'duty mail',
      kind: 'email',
      lang: 'en',
      config: {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        user: 'skydeck',
        password: 'mail-pass-1',
        from: 'Skydeck <alerts@skydeck.test>',
        to: ['duty@skydeck.test', 'lead@skydeck.test'],
      },
    });
    expect(added.status).toBe(200);
    expect(JSON.stringify(added.body.data)).not.toContain('mail-pass-1');
    const sent = await sendTest(added.body.data.id);
    expect(sent.body.data.status).toBe('sent');
    const [mail] = await smtp.waitFor(1);
    expect(mail?.from).toBe('alerts@skydeck.test');
    expect(mail?.to).toEqual(['duty@skydeck.test', 'lead@skydeck.test']);
    expect(mail?.auth).toBe('skydeck:mail-pass-1');
    expect(mail?.data).toContain('Subject: [Skydeck] Skydeck test message');
    const text = mail ? mailText(mail) : '';
    expect(text).toContain('This is a test message from Skydeck: the channel is set up correctly.');
    expect(text).toContain('Project: 深圳湾巡检');
  });

  it('posts DingTalk markdown with the 加签 timestamp and sign in the query', async () => {
    const url = `${hook.url}/robot/send?access_token=ding-token-0123456789`;
    const added = await add({
      name: 'ding',
      kind: 'dingtalk',
      config: { url, secret: ROBOT_SECRET },
    });
    expect(added.body.data.config).toMatchObject({
      url: expect.not.stringContaining('ding-token') as unknown,
    });
    const request = await nextRequest(() => sendTest(added.body.data.id));
    const query = new URL(request.url, hook.url).searchParams;
    expect(query.get('access_token')).toBe('ding-token-0123456789');
    const timestamp = query.get('timestamp') ?? '';
    expect(Number(timestamp)).toBe(clock.now());
    const sign = createHmac('sha256', ROBOT_SECRET)
      .update(`${timestamp}\n${ROBOT_SECRET}`)
      .digest('base64');
    expect(query.get('sign')).toBe(sign);
    // Base64's '+', '/' and '=' travel percent-encoded.
    expect(request.url).toContain(`sign=${encodeURIComponent(sign)}`);
    const body = JSON.parse(request.body) as {
      msgtype: string;
      markdown: { title: string; text: string };
    };
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.title).toBe('[Skydeck] Skydeck 测试消息');
    // A heading and one list line per fact; brackets without a link stay as written.
    expect(body.markdown.text).toMatch(/^### \[Skydeck\] Skydeck 测试消息\n\n- /);
  });

  it('posts WeCom markdown content', async () => {
    const added = await add({
      name: 'wecom',
      kind: 'wecom',
      config: { url: `${hook.url}/cgi-bin/webhook/send?key=wecom-key-0123456789` },
    });
    const request = await nextRequest(() => sendTest(added.body.data.id));
    // No signing: the key in the URL is the credential, and nothing is added to it.
    expect(request.url).toBe('/cgi-bin/webhook/send?key=wecom-key-0123456789');
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['markdown', 'msgtype']);
    expect(body.msgtype).toBe('markdown');
    const content = (body.markdown as { content: string }).content;
    expect(content).toMatch(/^### \[Skydeck\] Skydeck 测试消息\n/);
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(4096);
  });

  it('posts Feishu text and post messages signed with timestamp and sign in the body', async () => {
    const url = `${hook.url}/open-apis/bot/v2/hook/feishu-hook-0123456789`;
    const text = await add({ name: 'lark', kind: 'feishu', config: { url, secret: ROBOT_SECRET } });
    const request = await nextRequest(() => sendTest(text.body.data.id));
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const timestamp = String(Math.floor(clock.now() / 1000));
    const sign = createHmac('sha256', `${timestamp}\n${ROBOT_SECRET}`).update('').digest('base64');
    expect(body).toMatchObject({ msg_type: 'text', timestamp, sign });
    expect((body.content as { text: string }).text).toContain('Skydeck 测试消息');
    const post = await add({ name: 'lark post', kind: 'feishu', config: { url, format: 'post' } });
    const second = await nextRequest(() => sendTest(post.body.data.id));
    const rich = JSON.parse(second.body) as Record<string, unknown>;
    expect(rich.msg_type).toBe('post');
    expect(rich.sign).toBeUndefined();
    expect(rich.content).toMatchObject({
      post: { zh_cn: { title: '[Skydeck] Skydeck 测试消息' } },
    });
    // Rich text: a list of lines, each a list of elements (here one text element).
    const lines = (rich.content as { post: { zh_cn: { content: unknown[][] } } }).post.zh_cn
      .content;
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines)
      expect(line).toEqual([{ tag: 'text', text: expect.any(String) as unknown }]);
  });

  it('marks a robot delivery failed when the robot refuses it inside a 200', async () => {
    const added = await add({
      name: 'refusing robot',
      kind: 'wecom',
      config: { url: `${hook.url}/refuse?key=k` },
    });
    const refusing = await startHttpSink(() => ({
      status: 200,
      body: '{"errcode":93000,"errmsg":"invalid webhook url"}',
    }));
    try {
      const edited = await w.call<NotificationChannel>('POST', NOTIFICATION_API.channelEdit, {
        token: w.s.admin,
        body: {
          id: added.body.data.id,
          name: 'refusing robot',
          kind: 'wecom',
          config: { url: `${refusing.url}/send?key=k` },
        },
      });
      expect(edited.status).toBe(200);
      const sent = await sendTest(added.body.data.id);
      expect(sent.body.data.status).toBe('failed');
      expect(sent.body.data.attempts[0]?.error).toContain('93000');
    } finally {
      await refusing.close();
    }
  });

  it('keeps credentials an edit sends back masked, and replaces ones it changes', async () => {
    const url = `${hook.url}/robot/send?access_token=keep-token-0123456789`;
    const added = await add({
      name: 'ding keep',
      kind: 'dingtalk',
      config: { url, secret: ROBOT_SECRET },
    });
    const masked = added.body.data;
    // The form sends back what it was given, renamed.
    const edited = await w.call<NotificationChannel>('POST', NOTIFICATION_API.channelEdit, {
      token: w.s.admin,
      body: { id: masked.id, name: 'ding renamed', kind: 'dingtalk', config: masked.config },
    });
    expect(edited.status).toBe(200);
    const request = await nextRequest(() => sendTest(masked.id));
    const query = new URL(request.url, hook.url).searchParams;
    expect(query.get('access_token')).toBe('keep-token-0123456789');
    const sign = createHmac('sha256', ROBOT_SECRET)
      .update(`${query.get('timestamp') ?? ''}\n${ROBOT_SECRET}`)
      .digest('base64');
    expect(query.get('sign')).toBe(sign);
    // An empty secret turns signing off.
    await w.call('POST', NOTIFICATION_API.channelEdit, {
      token: w.s.admin,
      body: {
        id: masked.id,
        name: 'ding renamed',
        kind: 'dingtalk',
        config: { ...masked.config, secret: '' },
      },
    });
    const unsigned = await nextRequest(() => sendTest(masked.id));
    expect(new URL(unsigned.url, hook.url).searchParams.get('sign')).toBeNull();
  });
  it('prunes the delivery log after 30 days', async () => {
    const count = async () =>
      (
        await w.call<Page<NotificationDelivery>>('GET', NOTIFICATION_API.deliveries, {
          token: w.s.admin,
          query: { workspace_id: w.s.home },
        })
      ).body.data.total;
    expect(await count()).toBeGreaterThan(0);
    await w.advance(29 * DAY);
    expect(await count()).toBeGreaterThan(0);
    await w.advance(2 * DAY);
    await vi.waitFor(async () => expect(await count()).toBe(0));
  });
});
