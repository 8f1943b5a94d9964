/**
 * Live video end to end on the server: the real app with its broker and a small simulated fleet. A
 * viewer's socket starts the dock's push, frames arrive as JPEGs that change, and the last viewer
 * leaving stops the push. Links are signed per user and checked against the user's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API } from '../../protocol/http.ts';
import { FRAME_HEADER_BYTES, VIDEO_API } from '../../protocol/video.ts';
import type { LiveStream } from '../../protocol/video.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { signStreamQuery } from '../../server/video/streamLink.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live video', () => {
  let server: TestServer;
  let s: Seeded;

  const socketUrl = (path: string) => server.url.replace(/^http/, 'ws') + path;
  const streams = async (token: string, workspace?: number) =>
    server.call<LiveStream[]>('GET', API.liveInfo, {
      token,
      query: workspace === undefined ? {} : { workspace_id: workspace },
    });
  const viewers = async () =>
    (await server.call<Record<string, number>>('GET', VIDEO_API.viewers, { token: s.admin })).body
      .data;
  const audited = async (action: string) =>
    server.handle.db.query<{ target: string; result: string }>(
      `select target, result from audit_logs where module = 'video' and action = $1`,
      [action],
    );
  /** Waits (real time) until `done` holds. */
  async function until(done: () => Promise<boolean> | boolean, what: string): Promise<void> {
    for (let i = 0; i < 400; i++) {
      if (await done()) return;
      await pause(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  }
  /** Opens a stream and collects `count` frames; resolves with them and the open socket. */
  function watch(url: string, count: number): Promise<{ ws: WebSocket; frames: Buffer[] }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(socketUrl(url));
      const frames: Buffer[] = [];
      ws.on('message', (data: Buffer) => {
        frames.push(data);
        if (frames.length === count) resolve({ ws, frames });
      });
      ws.on('error', reject);
    });
  }
  /** Whether opening `url` is refused at the upgrade. */
  function refused(url: string): Promise<boolean> {
    return new Promise((resolve) => {
      const ws = new WebSocket(socketUrl(url));
      ws.on('open', () => {
        ws.close();
        resolve(false);
      });
      ws.on('error', () => resolve(true));
    });
  }

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 2, simOsdHz: 1 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    await until(async () => (await streams(s.operator)).body.data.some((x) => x.online), 'online');
  });
  afterAll(() => server.close());

  it('lists aircraft and dock streams of the workspace with signed ws-jpeg links', async () => {
    const list = (await streams(s.operator, s.home)).body.data;
    expect(list.length).toBe(4);
    expect(list.filter((x) => x.domain === 3)).toHaveLength(2);
    for (const stream of list) {
      expect(stream.kind).toBe('ws-jpeg');
      expect(stream.url.startsWith(`${VIDEO_API.socket}?`)).toBe(true);
      expect(stream.video_id.startsWith(`${stream.device_sn}/`)).toBe(true);
    }
  });

  it('starts the push for the first viewer, sends changing JPEGs and stops after the last', async () => {
    const aircraft = (await streams(s.operator)).body.data.find((x) => x.domain === 0);
    if (!aircraft) throw new Error('no aircraft stream');
    const first = await watch(aircraft.url, 3);
    const second = await watch(aircraft.url, 1);
    expect((await viewers())[aircraft.video_id]).toBe(2);
    for (const frame of first.frames) {
      const capturedAt = frame.readDoubleLE(0);
      expect(Math.abs(capturedAt - Date.now())).toBeLessThan(60_000);
      // A JPEG starts with SOI (FF D8) and ends with EOI (FF D9).
      expect(frame.subarray(FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + 2)).toEqual(
        Buffer.from([0xff, 0xd8]),
      );
      expect(frame.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    }
    expect(first.frames[0]?.equals(first.frames[2] ?? Buffer.alloc(0))).toBe(false);
    expect(await audited('live_start_push')).toEqual([
      { target: aircraft.device_sn, result: 'success' },
    ]);

    first.ws.close();
    await until(async () => (await viewers())[aircraft.video_id] === 1, 'one viewer');
    expect(await audited('live_stop_push')).toEqual([]);
    second.ws.close();
    await until(async () => (await viewers())[aircraft.video_id] === undefined, 'no viewer');
    // The dock answered the stop: the audit row records its result.
    await until(async () => (await audited('live_stop_push')).length === 1, 'stop audited');
    expect(await audited('live_stop_push')).toEqual([
      { target: aircraft.device_sn, result: 'success' },
    ]);
  });

  it('asks a higher quality for a big tile', async () => {
    const dock = (await streams(s.operator)).body.data.find((x) => x.domain === 3);
    if (!dock) throw new Error('no dock stream');
    const small = await watch(dock.url, 1);
    const big = await watch(`${dock.url}&size=big`, 1);
    await until(async () => (await audited('live_set_quality')).length === 1, 'quality change');
    small.ws.close();
    big.ws.close();
    await until(async () => (await viewers())[dock.video_id] === undefined, 'no viewer');
  });

  it('refuses unsigned, tampered and out-of-scope links', async () => {
    const stream = (await streams(s.operator)).body.data[0];
    if (!stream) throw new Error('no stream');
    expect(await refused(VIDEO_API.socket)).toBe(true);
    expect(await refused(stream.url.replace(/sig=[^&]+/, 'sig=AAAA'))).toBe(true);
    const viewerId = (
      await server.handle.db.query<{ id: number }>(`select id from users where username = 'viewer'`)
    )[0]?.id;
    expect(await refused(stream.url.replace(/uid=\d+/, `uid=${String(viewerId)}`))).toBe(true);
    // A device of a sibling project: even a correctly signed link is refused to the operator.
    await server.call('POST', '/api/device/add', {
      token: s.admin,
      body: {
        device_sn: 'VIDEOOTHER1',
        name: 'other dock',
        domain: 3,
        type: 2,
        sub_type: 0,
        model_name: 'Dock 2',
        workspace_id: s.other,
      },
    });
    const operatorId = (
      await server.handle.db.query<{ id: number }>(
        `select id from users where username = 'operator'`,
      )
    )[0]?.id;
    const forged = signStreamQuery(server.handle.deps.tokenSecret, {
      userId: operatorId ?? 0,
      videoId: 'VIDEOOTHER1/165-0-7/normal-0',
      expires: Date.now() + 60_000,
    });
    expect(await refused(`${VIDEO_API.socket}?${forged}`)).toBe(true);
    expect((await streams(s.operator, s.other)).status).toBe(404);
    expect((await server.call('GET', API.liveInfo)).status).toBe(401);
  });
});
