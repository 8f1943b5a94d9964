/**
 * AI alarms from ingestion to closure: a detection stored with its snapshot (a real JPEG with the
 * object drawn in its box), read within the caller's workspaces, worked through the workflow with
 * every step in its history and the audit log, and the usual refusals (400 naming the field, 403
 * without the permission, 404 across workspaces).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  AiAlarm,
  AiAlarmDetail,
  AiAlarmStats,
  AiBulkResult,
} from '../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../protocol/aiAlarms.ts';
import type { Page } from '../../protocol/http.ts';
import { ingestAiAlarm } from '../../server/ai/ingestAiAlarm.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const BOX = { x: 0.4, y: 0.35, width: 0.2, height: 0.3 };

function detection(id: string, category = 'fire', confidence = 0.9) {
  return {
    alarm_id: id,
    category,
    confidence,
    level: 2,
    latitude: 22.54,
    longitude: 113.95,
    payload_index: '80-0-0',
    box: BOX,
    sim_scene: { height: 80, yaw: 30 },
  };
}

/** Mean RGB of a rectangle of raw RGB pixels. */
function meanColour(raw: Buffer, width: number, r: { x: number; y: number; w: number; h: number }) {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = r.y; y < r.y + r.h; y++)
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (raw[i + c] ?? 0);
      n++;
    }
  return sum.map((v) => v / n);
}

describe.each(backends)('AI alarms on $name', (backend) => {
  const world = useSeededServer(backend);
  const ids: Record<string, number> = {};

  async function addDevice(sn: string, workspace: number) {
    const body = {
      device_sn: sn,
      name: `${sn} 无人机`,
      domain: 0,
      type: 91,
      sub_type: 0,
      model_name: 'Matrice 3D',
      workspace_id: workspace,
    };
    const added = await world.server.call('POST', '/api/device/add', {
      token: world.s.admin,
      body,
    });
    expect(added.status).toBe(200);
  }

  async function ingest(sn: string, id: string, category?: string, confidence?: number) {
    const alarmId = await ingestAiAlarm(
      world.server.handle.db,
      world.server.handle.deps.aiAlarms,
      sn,
      detection(id, category, confidence),
      Date.now(),
    );
    if (alarmId === null) throw new Error('not stored');
    ids[id] = alarmId;
    return alarmId;
  }

  const move = (token: string, body: object) =>
    world.server.call('POST', AI_ALARM_API.transition, {
      token,
      body,
    });

  it('stores a detection once, in the device workspace, with a snapshot JPEG showing the object', async () => {
    await addDevice('AIUAV1', world.s.home);
    await addDevice('AIUAV2', world.s.other);
    await ingest('AIUAV1', 'det-1');
    expect(
      await ingestAiAlarm(
        world.server.handle.db,
        world.server.handle.deps.aiAlarms,
        'AIUAV1',
        detection('det-1'),
        Date.now(),
      ),
    ).toBeNull();
    await ingest('AIUAV2', 'det-foreign', 'person');
    const list = await world.server.call<Page<AiAlarm>>('GET', AI_ALARM_API.list, {
      token: world.s.operator,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const alarm = list.body.data.data[0];
    expect(alarm).toMatchObject({
      device_sn: 'AIUAV1',
      device_name: 'AIUAV1 无人机',
      category: 'fire',
      status: 'new',
      box: { x: 0.4, y: 0.35, w: 0.2, h: 0.3 },
    });
    expect(alarm?.snapshot_url).toMatch(/^\/api\/aralm\/snapshot\?/);

    // The link works without a token (an <img>), is a JPEG, and the box holds the drawn object.
    const image = await fetch(new URL(alarm?.snapshot_url ?? '', world.server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await image.arrayBuffer());
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { data, info } = await sharp(jpeg)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (f: number, size: number) => Math.round(f * size);
    const inside = meanColour(data, info.width, {
      x: px(BOX.x + BOX.width * 0.4, info.width),
      y: px(BOX.y + BOX.height * 0.45, info.height),
      w: px(BOX.width * 0.2, info.width),
      h: px(BOX.height * 0.2, info.height),
    });
    const outside = meanColour(data, info.width, {
      x: 0,
      y: 0,
      w: px(0.3, info.width),
      h: info.height,
    });
    const distance = Math.hypot(...inside.map((v, i) => v - (outside[i] ?? 0)));
    expect(distance).toBeGreaterThan(60);

    const forged = new URL(alarm?.snapshot_url ?? '', world.server.url);
    forged.searchParams.set('id', String(ids['det-foreign']));
    expect((await fetch(forged)).status).toBe(403);
  });

  it('answers open alarms, one by its device id, and statistics', async () => {
    const open = await world.server.call<AiAlarm[]>('GET', AI_ALARM_API.open, {
      token: world.s.operator,
    });
    expect(open.body.data.map((a) => a.event_id)).toEqual(['det-1']);
    const one = await world.server.call<AiAlarm>('GET', AI_ALARM_API.byEvent, {
      token: world.s.operator,
      query: { device_sn: 'AIUAV1', event_id: 'det-1' },
    });
    expect(one.body.data.id).toBe(ids['det-1']);
    const stats = await world.server.call<AiAlarmStats>('GET', AI_ALARM_API.stats, {
      token: world.s.admin,
    });
    expect(stats.body.data.perCategory).toEqual(
      expect.arrayContaining([
        { category: 'fire', count: 1 },
        { category: 'person', count: 1 },
      ]),
    );
    expect(stats.body.data.perDay.reduce((n, d) => n + d.count, 0)).toBe(2);
  });

  it('filters by class, status, device and confidence, and refuses bad input naming the field', async () => {
    await ingest('AIUAV1', 'det-2', 'vehicle', 0.65);
    const query = async (q: Record<string, string | number>) =>
      (
        await world.server.call<Page<AiAlarm>>('GET', AI_ALARM_API.list, {
          token: world.s.operator,
          query: q,
        })
      ).body.data.data.map((a) => a.event_id);
    expect(await query({ category: 'vehicle' })).toEqual(['det-2']);
    expect(await query({ min_confidence: 0.8 })).toEqual(['det-1']);
    // A number too small for the column's own type (found by the API fuzz test) is still a number.
    expect(await query({ min_confidence: '5e-324' })).toEqual(['det-2', 'det-1']);
    expect(await query({ status: 'new', device_sn: 'AIUAV1' })).toEqual(['det-2', 'det-1']);
    const bad = await world.server.call('GET', AI_ALARM_API.list, {
      token: world.s.operator,
      query: { min_confidence: 2 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('min_confidence');
    const badStatus = await move(world.s.operator, { id: ids['det-1'], to: 'closed' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.msg).toContain('to');
  });

  it('works an alarm through the workflow, with history, comments and audit rows', async () => {
    const id = ids['det-1'];
    const illegal = await move(world.s.operator, { id, to: 'resolved' });
    expect(illegal.status).toBe(400);
    expect(illegal.body.msg).toContain('new → resolved');
    expect((await move(world.s.operator, { id, to: 'confirmed', note: '现场确认' })).status).toBe(
      200,
    );
    const noAssignee = await move(world.s.operator, { id, to: 'dispatched' });
    expect(noAssignee.status).toBe(400);
    expect(noAssignee.body.msg).toContain('assignee_id');
    const [operator] = await world.server.handle.db.query<{ id: number }>(
      "select id from users where username = 'operator'",
    );
    const dispatched = await move(world.s.operator, {
      id,
      to: 'dispatched',
      assignee_id: operator?.id,
      note: '派人处理',
    });
    expect(dispatched.status).toBe(200);
    const commented = await world.server.call('POST', AI_ALARM_API.comment, {
      token: world.s.operator,
      body: { id, body: '已到达现场' },
    });
    expect(commented.status).toBe(200);
    expect((await move(world.s.operator, { id, to: 'resolved' })).status).toBe(200);

    const info = await world.server.call<AiAlarmDetail>('GET', AI_ALARM_API.info, {
      token: world.s.admin,
      query: { id: id ?? 0 },
    });
    expect(info.body.data.status).toBe('resolved');
    expect(info.body.data.assignee_name).toBe('operator');
    expect(info.body.data.history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 'new'],
      ['new', 'confirmed'],
      ['confirmed', 'dispatched'],
      ['dispatched', 'resolved'],
    ]);
    expect(info.body.data.history[2]).toMatchObject({
      username: 'operator',
      assignee_name: 'operator',
    });
    expect(info.body.data.comments.map((c) => c.body)).toEqual(['已到达现场']);
    const audit = await world.server.handle.db.query<{ detail: string; result: string }>(
      "select detail, result from audit_logs where module = 'aralm' and target = $1 order by id",
      [String(id)],
    );
    expect(audit.map((a) => a.detail)).toEqual(
      expect.arrayContaining([
        'new → confirmed: 现场确认',
        'confirmed → dispatched: 派人处理',
        'dispatched → resolved',
        'comment: 已到达现场',
      ]),
    );
    expect(audit.some((a) => a.result === 'failure')).toBe(true);
  });

  it('moves several alarms at once and skips those the move does not apply to', async () => {
    await ingest('AIUAV1', 'det-3', 'smoke');
    const bulk = await world.server.call<AiBulkResult>('POST', AI_ALARM_API.bulk, {
      token: world.s.operator,
      body: { ids: [ids['det-2'], ids['det-3'], ids['det-1']], to: 'false_alarm' },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.moved.sort()).toEqual([ids['det-2'], ids['det-3']].sort());
    expect(bulk.body.data.skipped).toEqual([ids['det-1']]);
  });

  it('refuses a viewer (403) and hides another project (404)', async () => {
    const read = await world.server.call('GET', AI_ALARM_API.list, { token: world.s.viewer });
    expect(read.status).toBe(403);
    expect((await move(world.s.viewer, { id: ids['det-2'], to: 'confirmed' })).status).toBe(403);
    const del = await world.server.call('POST', AI_ALARM_API.del, {
      token: world.s.viewer,
      body: { ids: [ids['det-2']] },
    });
    expect(del.status).toBe(403);
    const foreign = ids['det-foreign'] ?? 0;
    const info = await world.server.call('GET', AI_ALARM_API.info, {
      token: world.s.operator,
      query: { id: foreign },
    });
    expect(info.status).toBe(404);
    expect((await move(world.s.operator, { id: foreign, to: 'confirmed' })).status).toBe(404);
    const scoped = await world.server.call('GET', AI_ALARM_API.list, {
      token: world.s.operator,
      query: { workspace_id: world.s.other },
    });
    expect(scoped.status).toBe(404);
  });

  it('deletes alarms with their snapshots', async () => {
    const id = ids['det-3'] ?? 0;
    const before = await world.server.call<AiAlarmDetail>('GET', AI_ALARM_API.info, {
      token: world.s.operator,
      query: { id },
    });
    const del = await world.server.call('POST', AI_ALARM_API.del, {
      token: world.s.operator,
      body: { ids: [id] },
    });
    expect(del.status).toBe(200);
    const gone = await world.server.call('GET', AI_ALARM_API.info, {
      token: world.s.operator,
      query: { id },
    });
    expect(gone.status).toBe(404);
    const image = await fetch(new URL(before.body.data.snapshot_url ?? '', world.server.url));
    expect(image.status).toBe(404);
  });
});
