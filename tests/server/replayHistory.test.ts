/**
 * The history the replay reads besides tracks, as the server writes it: a DRC hold per pilot and
 * session (opened when the dock enters DRC, closed when the session ends or another pilot takes the
 * dock), presence transitions (only real changes, offline at the time the device went quiet), and
 * both pruned with the tracks' retention.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredSession } from '../../server/drc/drcStore.ts';
import { claimSession, markEntered, releaseSession } from '../../server/drc/drcStore.ts';
import { createPresence } from '../../server/mqtt/presence.ts';
import { dropExpiredTrackPartitions } from '../../server/mqtt/trackPartitions.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const T0 = Date.UTC(2026, 2, 10, 2);
const STALE_MS = 15_000;

interface HoldRow {
  username: string;
  started_at: Date;
  ended_at: Date | null;
}

describe.each(backends)('replay history on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const users: Record<string, number> = {};
  const db = () => server.handle.db;

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    for (const [sn, domain] of [
      ['HDOCK1', 3],
      ['HUAV1', 0],
    ] as const) {
      const body = { device_sn: sn, domain, type: 91, sub_type: 0, workspace_id: s.home };
      await server.call('POST', '/api/device/add', { token: s.admin, body });
    }
    const rows = await db().query<{ id: number; username: string }>(
      'select id, username from users',
    );
    for (const r of rows) users[r.username] = r.id;
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await db().query('delete from drc_sessions');
    await db().query('delete from drc_holds');
    await db().query('delete from device_presence');
  });

  const session = (username: 'admin' | 'operator', since: number): StoredSession => ({
    dockSn: 'HDOCK1',
    aircraftSn: 'HUAV1',
    payloadIndex: '99-0-0',
    userId: users[username] ?? 0,
    username,
    roleId: 1,
    since,
    expiresAt: since + 3_600_000,
    lastHeartbeat: since,
  });
  const holds = () =>
    db().query<HoldRow>('select username, started_at, ended_at from drc_holds order by id');

  it('opens one hold when the dock enters DRC and closes it when the session ends', async () => {
    const claimed = await claimSession(db(), session('operator', T0), 'me', T0, STALE_MS);
    expect(claimed.ok).toBe(true);
    // Claimed but not entered: nobody flies the aircraft yet.
    expect(await holds()).toEqual([]);
    await markEntered(db(), 'HDOCK1', 'me');
    // The same pilot entering again keeps the one hold.
    await claimSession(db(), session('operator', T0), 'me', T0 + 5_000, STALE_MS, true);
    await markEntered(db(), 'HDOCK1', 'me');
    const open = await holds();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ username: 'operator', ended_at: null });
    expect(open[0]?.started_at.getTime()).toBe(T0);
    await releaseSession(db(), 'HDOCK1', users.operator ?? 0);
    const closed = await holds();
    expect(closed).toHaveLength(1);
    expect(closed[0]?.ended_at).not.toBeNull();
  });

  it('ends the earlier pilot’s hold when another takes over a stale session', async () => {
    await claimSession(db(), session('operator', T0), 'me', T0, STALE_MS);
    await markEntered(db(), 'HDOCK1', 'me');
    const later = T0 + 60_000;
    const taken = await claimSession(db(), session('admin', later), 'other', later, STALE_MS);
    expect(taken.ok).toBe(true);
    await markEntered(db(), 'HDOCK1', 'other');
    const rows = await holds();
    expect(rows.map((r) => [r.username, r.ended_at === null])).toEqual([
      ['operator', false],
      ['admin', true],
    ]);
    expect(rows[1]?.started_at.getTime()).toBe(later);
  });

  it('closes a hold left open when a stale session was claimed by an entry that then failed', async () => {
    await claimSession(db(), session('operator', T0), 'me', T0, STALE_MS);
    await markEntered(db(), 'HDOCK1', 'me');
    const later = T0 + 60_000;
    await claimSession(db(), session('admin', later), 'other', later, STALE_MS);
    // The admin's entry fails before the dock answered: the service undoes the claim.
    await releaseSession(db(), 'HDOCK1', users.admin ?? 0);
    expect((await holds()).map((r) => r.ended_at === null)).toEqual([false]);
  });

  it('notes presence transitions only when the state changes, offline when last heard', async () => {
    const presence = createPresence(db(), 60_000);
    await presence.load(T0);
    presence.seen('HDOCK1', T0);
    await presence.markOnline(['HDOCK1'], T0);
    presence.seen('HDOCK1', T0 + 10_000);
    // A topology repeats the gateway every time: no row for a device already online.
    await presence.markOnline(['HDOCK1'], T0 + 10_000);
    await presence.sweep(T0 + 30_000);
    await presence.sweep(T0 + 75_000);
    const rows = await db().query<{ device_sn: string; at: Date; online: boolean }>(
      'select device_sn, at, online from device_presence order by at',
    );
    expect(rows.map((r) => [r.device_sn, r.at.getTime() - T0, r.online])).toEqual([
      ['HDOCK1', 0, true],
      ['HDOCK1', 10_000, false],
    ]);
  });

  it('prunes holds and transitions with the tracks’ retention', async () => {
    const now = Date.UTC(2026, 5, 1);
    await db().query(
      `insert into drc_holds (dock_sn, aircraft_sn, username, started_at, ended_at)
       values ('HDOCK1', 'HUAV1', 'old', $1, $1), ('HDOCK1', 'HUAV1', 'new', $2, $2),
              ('HDOCK1', 'HUAV1', 'open', $1, null)`,
      [new Date(now - 40 * 86_400_000), new Date(now - 86_400_000)],
    );
    await db().query(
      `insert into device_presence (device_sn, at, online) values ('HDOCK1', $1, true), ('HDOCK1', $2, false)`,
      [new Date(now - 40 * 86_400_000), new Date(now - 86_400_000)],
    );
    await dropExpiredTrackPartitions(db(), now, 30);
    expect((await holds()).map((r) => r.username).sort()).toEqual(['new', 'open']);
    const left = await db().query<{ online: boolean }>('select online from device_presence');
    expect(left).toEqual([{ online: false }]);
  });
});
