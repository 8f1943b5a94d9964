/**
 * Rules between events and channels, on a virtual clock: filters, the rate limit with its digest
 * ("no storms"), quiet hours with and without a digest, and the event sources (AI alarm ingestion,
 * HMS, gas crossings, presence) reaching a webhook through their one-line hooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationChannel, NotificationRule } from '../../protocol/notifications.ts';
import { NOTIFICATION_API } from '../../protocol/notifications.ts';
import { storeAiAlarm } from '../../server/ai/storeAiAlarm.ts';
import { checkProximity } from '../../server/airspace/proximityAlarms.ts';
import { checkCrossings } from '../../server/gas/gasAlarms.ts';
import { readHmsList, storeHms } from '../../server/mqtt/eventStore.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { createPresence } from '../../server/mqtt/presence.ts';
import { formatClock } from '../../server/notifications/quietHours.ts';
import { backends } from './helpers/backends.ts';
import type { HttpSink, NotifyWorld } from './notificationsHarness.ts';
import { startHttpSink, startNotifyWorld } from './notificationsHarness.ts';

/** 10:00 in Shanghai. */
const START = Date.parse('2025-05-01T02:00:00Z');
const MINUTE = 60_000;

interface Posted {
  type: string;
  title: string;
  text: string;
  device?: { sn: string };
  digest?: { reason: string; count: number; devices: Record<string, number> };
}

describe.each(backends)('notification rules on $name', (backend) => {
  const clock = manualScheduler(START);
  let w: NotifyWorld;
  let hook: HttpSink;
  let channelId = 0;
  let deviceNo = 0;

  beforeAll(async () => {
    hook = await startHttpSink();
    w = await startNotifyWorld(backend, clock);
    const channel = await w.call<NotificationChannel>('POST', NOTIFICATION_API.channelAdd, {
      token: w.s.admin,
      body: {
        workspace_id: w.s.home,
        name: 'rules hook',
        kind: 'webhook',
        config: { url: hook.url },
      },
    });
    channelId = channel.body.data.id;
  });
  afterAll(async () => {
    await w.close();
    await hook.close();
  });

  /** A new device of the home project, so each test's rule (filtered to it) sees only its events. */
  async function device(domain = 0): Promise<string> {
    const sn = `NTF${String(++deviceNo).padStart(4, '0')}`;
    await w.handle.deps.db.query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id)
       values ($1, $2, $3, 67, 0, $4)`,
      [sn, `无人机 ${sn}`, domain, w.s.home],
    );
    return sn;
  }
  async function rule(body: Record<string, unknown>) {
    const answer = await w.call<NotificationRule>('POST', NOTIFICATION_API.ruleAdd, {
      token: w.s.admin,
      body: { workspace_id: w.s.home, name: 'rule', channel_ids: [channelId], ...body },
    });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  }
  /** What the webhook received while `work` ran (and the notifier then finished). */
  async function posted(work: () => unknown): Promise<Posted[]> {
    const before = hook.received.length;
    await work();
    await w.notifier.idle();
    return hook.received.slice(before).map((r) => JSON.parse(r.body) as Posted);
  }
  const aiAlarm = (sn: string, category = 'fire', confidence = 0.9) =>
    w.notifier.notify({
      kind: 'ai_alarm',
      deviceSn: sn,
      alarmId: 1,
      category,
      confidence,
      level: 2,
    });

  it('sends only what the filter lets through', async () => {
    const sn = await device();
    await rule({
      event_kind: 'ai_alarm',
      filter: { categories: ['fire'], min_confidence: 0.8, device_sns: [sn] },
    });
    const out = await posted(() => {
      aiAlarm(sn, 'person', 0.99);
      aiAlarm(sn, 'fire', 0.5);
      aiAlarm(sn, 'fire', 0.93);
    });
    expect(out).toHaveLength(1);
    expect(out[0]?.text).toContain('置信度: 93%');
    expect(out[0]?.device?.sn).toBe(sn);
  });

  it('sends one message per device per window and the rest as one digest when it ends', async () => {
    const [a, b] = [await device(), await device()];
    await rule({ event_kind: 'ai_alarm', rate_limit_minutes: 10, filter: { device_sns: [a, b] } });
    const storm = await posted(() => {
      for (let i = 0; i < 5; i++) aiAlarm(a);
      aiAlarm(b);
    });
    // Deliveries run side by side: their order at the receiver is not the events' order.
    expect(storm.map((p) => `${p.type} ${p.device?.sn ?? ''}`).sort()).toEqual(
      [`event ${a}`, `event ${b}`].sort(),
    );
    expect(await posted(() => w.advance(10 * MINUTE - 1))).toEqual([]);
    const digest = await posted(() => w.advance(1));
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({
      type: 'digest',
      digest: { reason: 'rate_limit', count: 4, devices: { [a]: 4 } },
    });
    // The digest was this window's message: the next event waits for the next digest.
    expect(await posted(() => aiAlarm(a))).toEqual([]);
    const next = await posted(() => w.advance(10 * MINUTE));
    expect(next.map((p) => p.digest?.count)).toEqual([1]);
    // A window that ends with nothing held closes; the next event goes out at once.
    expect(await posted(() => w.advance(10 * MINUTE))).toEqual([]);
    expect((await posted(() => aiAlarm(a))).map((p) => p.type)).toEqual(['event']);
  });

  /** Quiet hours around the clock's current Shanghai time: from `before` min ago to `after` min on. */
  function quietAround(before: number, after: number, digest: boolean) {
    const shanghai = Math.floor((clock.now() + 8 * 60 * MINUTE) / MINUTE) % (24 * 60);
    const at = (m: number) => formatClock((((shanghai + m) % 1440) + 1440) % 1440);
    return { start: at(-before), end: at(after), timezone: 'Asia/Shanghai', digest };
  }

  it('holds everything in quiet hours and sends one digest when they end', async () => {
    const sn = await device();
    const quiet = quietAround(30, 60, true);
    await rule({ event_kind: 'ai_alarm', quiet_hours: quiet, filter: { device_sns: [sn] } });
    expect(await posted(() => [1, 2, 3].forEach(() => aiAlarm(sn)))).toEqual([]);
    expect(await posted(() => w.advance(59 * MINUTE))).toEqual([]);
    const digest = await posted(() => w.advance(MINUTE));
    expect(digest).toHaveLength(1);
    expect(digest[0]?.digest).toMatchObject({ reason: 'quiet_hours', count: 3 });
    expect(digest[0]?.text).toContain('免打扰');
    expect((await posted(() => aiAlarm(sn))).map((p) => p.type)).toEqual(['event']);
  });

  it('drops what quiet hours hold when the rule wants no digest', async () => {
    const sn = await device();
    await rule({
      event_kind: 'ai_alarm',
      quiet_hours: quietAround(5, 5, false),
      filter: { device_sns: [sn] },
    });
    expect(await posted(() => aiAlarm(sn))).toEqual([]);
    expect(await posted(() => w.advance(24 * 60 * MINUTE))).toEqual([]);
  });

  it('hears AI alarms, HMS alarms, gas crossings and devices going offline at their sources', async () => {
    const [uav, dock] = [await device(), await device(3)];
    const only = { device_sns: [uav, dock] };
    for (const kind of ['ai_alarm', 'hms', 'gas', 'device_offline'])
      await rule({ event_kind: kind, filter: only });
    const { db, aiAlarms, gas } = w.handle.deps;
    const now = clock.now();
    const presence = createPresence(db, MINUTE, w.notifier);
    await presence.load(now);
    const out = await posted(async () => {
      await storeAiAlarm(
        db,
        aiAlarms,
        uav,
        { alarm_id: 'ntf-1', category: 'smoke', confidence: 0.8 },
        now,
        w.notifier,
      );
      // The same detection again (a repeat) stores nothing and says nothing.
      await storeAiAlarm(
        db,
        aiAlarms,
        uav,
        { alarm_id: 'ntf-1', category: 'smoke', confidence: 0.8 },
        now,
        w.notifier,
      );
      const hms = { list: [{ code: '0x16100083', level: 2, module: 3, device_type: '0-67-0' }] };
      await storeHms(db, dock, readHmsList(hms), now, w.notifier);
      await checkCrossings(db, gas.alarms, {
        sn: uav,
        ts: now,
        values: { ch4: 500 },
        thresholds: [{ gas: 'ch4', caution: 100, warning: 400 }],
        position: () => Promise.resolve(null),
        publish: undefined,
        notifier: w.notifier,
      });
      presence.seen(uav, now);
      await presence.sweep(now + 2 * MINUTE);
    });
    expect(out).toHaveLength(4);
    expect(out.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('AI 告警 · 烟雾'),
        expect.stringContaining('HMS 告警 · 0x16100083'),
        expect.stringContaining('气体超限 · CH4'),
        expect.stringContaining(`设备离线 · 无人机 ${uav}`),
      ]),
    );
  });

  it('hears an aircraft coming near a no-fly area, and going inside, with the area and distance', async () => {
    const [uav, dock] = [await device(), await device(3)];
    const { db, airspace, gas } = w.handle.deps;
    await db.query('update devices set gateway_sn = $1 where device_sn = $2', [dock, uav]);
    const areaId = `ntf-area-${dock}`;
    await db.query(
      `insert into airspace_areas (area_id, workspace_id, name, kind, shape)
       values ($1, $2, '测试油库', 'no_fly', '{}'::jsonb)`,
      [areaId, w.s.home],
    );
    await rule({
      event_kind: 'ai_alarm',
      filter: { categories: ['airspace_nfz'], device_sns: [uav] },
    });
    const report = (at: number, distance: number, inside: boolean) =>
      checkProximity(
        db,
        { held: airspace.held, positions: gas.positions },
        {
          dockSn: dock,
          at,
          locations: [{ area_id: areaId, area_distance: distance, is_in_area: inside }],
          warnM: 100,
          publish: () => undefined,
          notifier: w.notifier,
        },
      );
    const now = clock.now();
    const near = await posted(() => report(now, 42.4, false));
    expect(near).toHaveLength(1);
    expect(near[0]?.title).toContain('AI 告警 · 接近或进入禁飞区 · 测试油库');
    expect(near[0]?.text).toContain('禁飞区: 测试油库, 距边界 42 米');
    expect(near[0]?.text).toContain('级别: 注意');
    expect(near[0]?.device?.sn).toBe(uav);
    // Still near: the alarm is held, nothing more is said.
    expect(await posted(() => report(now + 1_000, 30, false))).toHaveLength(0);
    // Inside, past the rule's rate limit window: a warning of its own.
    clock.advance(10 * MINUTE);
    const inside = await posted(() => report(clock.now(), 5, true));
    expect(inside).toHaveLength(1);
    expect(inside[0]?.text).toContain('已进入（距边界 5 米）');
    expect(inside[0]?.text).toContain('级别: 警告');
  });

  it('tells failed flight runs from canceled and successful ones', async () => {
    const dock = await device(3);
    await rule({ event_kind: 'task_failed', filter: { device_sns: [dock] } });
    const run = (state: string) =>
      w.notifier.notify({
        kind: 'task_failed',
        deviceSn: dock,
        executionId: 9,
        state,
        taskName: '夜间巡检',
        workspaceId: w.s.home,
      });
    const out = await posted(() => ['ok', 'canceled', 'failed'].forEach(run));
    expect(out.map((p) => p.text)).toEqual([expect.stringContaining('结果: failed')]);
    expect(out[0]?.title).toContain('飞行任务失败 · 夜间巡检');
  });

  it('sends nothing through a disabled rule or a disabled channel', async () => {
    const sn = await device();
    const r = await rule({ event_kind: 'ai_alarm', enabled: false, filter: { device_sns: [sn] } });
    expect(await posted(() => aiAlarm(sn))).toEqual([]);
    await w.call('POST', NOTIFICATION_API.ruleEdit, {
      token: w.s.admin,
      body: { ...r, enabled: true },
    });
    expect(await posted(() => aiAlarm(sn))).toHaveLength(1);
    await w.call('POST', NOTIFICATION_API.channelEdit, {
      token: w.s.admin,
      body: {
        id: channelId,
        name: 'rules hook',
        kind: 'webhook',
        enabled: false,
        config: { url: hook.url },
      },
    });
    expect(await posted(() => aiAlarm(sn))).toEqual([]);
    await w.call('POST', NOTIFICATION_API.channelEdit, {
      token: w.s.admin,
      body: { id: channelId, name: 'rules hook', kind: 'webhook', config: { url: hook.url } },
    });
  });
});
