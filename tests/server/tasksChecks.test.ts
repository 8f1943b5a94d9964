/**
 * What a task's route and dock must pass: the route planned for the aircraft the dock carries (at
 * creation, on edit and again when its run is sent, since the aircraft may be swapped between), an
 * unknown aircraft model accepted only by a caller allowed to, on record; the first waypoint within
 * reach of the dock; and no immediate task on a dock busy with another flight. Refusals name the
 * problem and leave nothing stored. Fake docks and virtual time; the real app and database.
 */
import { describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask } from '../../protocol/tasks.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { backends } from './helpers/backends.ts';
import { uploadRoute } from './helpers/taskWorld.ts';
import { useTaskHarness } from './tasksHarness.ts';
import { progress } from './tasksFakeDock.ts';

const DOCK = 'KDOCK01';
const DRONE = 'KDRONE01';
const HOUR = 3_600_000;

/** A dock and its aircraft, by model keys, optionally with the position the dock reported. */
interface DockSpec {
  sn: string;
  name: string;
  dockKey: string;
  aircraftSn: string;
  aircraftKey: string;
  at?: { lat: number; lng: number };
}

describe.each(backends)('what a task must pass to be created on $name', (backend) => {
  const h = useTaskHarness(backend, DOCK, DRONE);
  const db = () => h.server.handle.db;
  const tasks = async () =>
    (await db().query<{ name: string }>('select name from flight_tasks order by id')).map(
      (t) => t.name,
    );
  const addDock = async (d: DockSpec) => {
    const [dd, dt, ds] = d.dockKey.split('-').map(Number);
    const [ad, at, as] = d.aircraftKey.split('-').map(Number);
    await db().query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn,
         online, latitude, longitude)
       values ($1, $2, $3, $4, $5, $6, null, true, $7, $8),
              ($9, 'aircraft', $10, $11, $12, $6, $1, true, null, null)`,
      [
        d.sn,
        d.name,
        dd,
        dt,
        ds,
        h.s.home,
        d.at?.lat ?? null,
        d.at?.lng ?? null,
        d.aircraftSn,
        ad,
        at,
        as,
      ],
    );
  };
  const edit = (task: FlightTask, changes: Record<string, unknown>) =>
    h.server.call<FlightTask>('POST', TASK_API.edit, {
      token: h.s.operator,
      lang: 'en',
      body: {
        id: task.id,
        name: task.name,
        wayline_id: task.wayline_id,
        dock_sn: task.dock_sn,
        schedule: task.schedule,
        rth_altitude: task.rth_altitude,
        ...changes,
      },
    });

  it('refuses a route planned for another aircraft than the dock carries, on add and on edit', async () => {
    // The mapping fixture is planned for a Mavic 3E.
    const m3e = await uploadRoute(h.server, h.s, 'survey', fixtureKmz('mapping2d-1.0.6'));
    expect(m3e.drone_model_key).toBe('0-77-0');
    await addDock({
      sn: 'KDOCK4TD',
      name: 'North gate',
      dockKey: '3-3-0',
      aircraftSn: 'KUAV4TD',
      aircraftKey: '0-100-1',
    });
    const refused = await h.add(h.s.operator, { wayline_id: m3e.id, dock_sn: 'KDOCK4TD' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      'the route is for Mavic 3E but dock North gate carries Matrice 4TD',
    );
    const zh = await h.add(h.s.operator, { wayline_id: m3e.id, dock_sn: 'KDOCK4TD' }, 'zh-CN');
    expect(zh.body.msg).toBe('航线适用于 Mavic 3E，但机场 North gate 的飞行器是 Matrice 4TD');
    expect(await tasks()).toEqual([]);

    // A task that fits, moved to that dock: refused, and left as it was.
    const at = Date.now() + 2 * HOUR;
    const task = (await h.add(h.s.operator, { name: 'fits', schedule: { kind: 'timed', at } })).body
      .data;
    const moved = await edit(task, { dock_sn: 'KDOCK4TD' });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe(
      'the route is for Matrice 30T but dock North gate carries Matrice 4TD',
    );
    expect((await h.info(task.id)).dock_sn).toBe(DOCK);
  });

  it('refuses the run, unsent, when the dock carries another aircraft by the time it flies', async () => {
    await addDock({
      sn: 'KDOCKSWAP',
      name: 'Swap dock',
      dockKey: '3-1-0',
      aircraftSn: 'KUAVM30T',
      aircraftKey: '0-67-1',
    });
    const task = await h.add(h.s.operator, { name: 'swapped', dock_sn: 'KDOCKSWAP' });
    expect(task.status).toBe(200);
    // The Matrice 30T leaves the dock and a Matrice 30 takes its place.
    await db().query(`update devices set online = false where device_sn = 'KUAVM30T'`);
    await db().query(
      `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn, online)
       values ('KUAVM30', 'aircraft', 0, 67, 0, $1, 'KDOCKSWAP', true)`,
      [h.s.home],
    );
    await h.round();
    expect(h.docks.calls).toEqual([]);
    expect((await h.info(task.body.data.id)).last).toMatchObject({
      state: 'refused',
      reason: 'the route is for Matrice 30T but dock Swap dock carries Matrice 30',
    });
    expect((await h.info(task.body.data.id, 'zh-CN')).last?.reason).toBe(
      '航线适用于 Matrice 30T，但机场 Swap dock 的飞行器是 Matrice 30',
    );
  });

  it('accepts a route of an unknown aircraft model only when confirmed by a caller allowed to, audited', async () => {
    const odd = await uploadRoute(h.server, h.s, 'odd', fixtureKmz('waypoint-actions-1.0.6'));
    // What the wayline reader records for an aircraft enum it does not know.
    await db().query(`update waylines set drone_model_key = '0-999-0' where id = $1`, [odd.id]);
    const body = { name: 'odd', wayline_id: odd.id };

    const unconfirmed = await h.add(h.s.operator, body);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.msg).toBe(
      "the route's aircraft model 0-999-0 is unknown, so it cannot be checked against dock dock's aircraft; a user allowed to override must confirm it (confirm_unknown_model)",
    );
    const notAllowed = await h.add(h.s.operator, { ...body, confirm_unknown_model: true });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.msg).toBe(
      'you are not allowed to confirm a route of an unknown aircraft model',
    );
    expect(await tasks()).toEqual([]);

    const confirmed = await h.add(h.s.admin, { ...body, confirm_unknown_model: true });
    expect(confirmed.status).toBe(200);
    const override = await h.audited('override_model');
    expect(override).toHaveLength(1);
    expect(override[0]).toMatchObject({ result: 'success', username: 'admin' });
    expect(override[0]?.detail).toContain('unknown aircraft model 0-999-0');
    expect(override[0]?.detail).toContain(`dock ${DOCK} (aircraft Matrice 30T)`);
    // Confirmed, the run goes to the dock.
    await h.round();
    expect(h.docks.calls.map((c) => c.method)).toEqual([
      'flighttask_prepare',
      'flighttask_execute',
    ]);
  });

  it('refuses a route that begins beyond reach of its dock, naming the distance and the limit', async () => {
    // The harness route begins at 22.54 N, 113.943 E.
    await addDock({
      sn: 'KDOCKFAR',
      name: 'Far dock',
      dockKey: '3-1-0',
      aircraftSn: 'KUAVFAR',
      aircraftKey: '0-67-1',
      at: { lat: 22.8, lng: 113.943 },
    });
    const far = await h.add(h.s.operator, { dock_sn: 'KDOCKFAR' });
    expect(far.status).toBe(400);
    expect(far.body.msg).toBe(
      "the route's first waypoint is 28.8 km from dock Far dock, beyond the 15 km it may fly from its dock",
    );
    const zh = await h.add(h.s.operator, { dock_sn: 'KDOCKFAR' }, 'zh-CN');
    expect(zh.body.msg).toBe('航线第一个航点距机场 Far dock 28.8 公里，超出 15 公里的作业半径');
    expect(await tasks()).toEqual([]);

    await addDock({
      sn: 'KDOCKNEAR',
      name: 'Near dock',
      dockKey: '3-1-0',
      aircraftSn: 'KUAVNEAR',
      aircraftKey: '0-67-1',
      at: { lat: 22.545, lng: 113.95 },
    });
    expect((await h.add(h.s.operator, { name: 'near', dock_sn: 'KDOCKNEAR' })).status).toBe(200);
    // The harness dock never said where it stands: it cannot be judged, so it is let through.
    expect((await h.add(h.s.operator, { name: 'unplaced' })).status).toBe(200);
    expect(await tasks()).toEqual(['near', 'unplaced']);
  });

  it('refuses an immediate task while its dock is busy, naming the flight in the way', async () => {
    const first = (await h.add(h.s.operator, { name: 'first' })).body.data;
    // Not yet turned into a run by the engine: still the dock's next flight.
    const waiting = await h.add(h.s.operator, { name: 'second' });
    expect(waiting.status).toBe(409);
    expect(waiting.body.msg).toBe(
      'the dock is busy with another flight: "first"; create the immediate task once it ends',
    );
    await h.round();
    const run = (await h.info(first.id)).last;
    await h.emit('flighttask_progress', progress(run?.flight_id ?? '', 'in_progress', 10, 0));
    const flying = await h.add(h.s.operator, { name: 'second' }, 'zh-CN');
    expect(flying.status).toBe(409);
    expect(flying.body.msg).toBe('机场正在执行其他任务：“first”，请等它结束后再建立立即执行的任务');
    // A flight for later is not in its way.
    const later = await h.add(h.s.operator, {
      name: 'later',
      schedule: { kind: 'timed', at: Date.now() + 2 * HOUR },
    });
    expect(later.status).toBe(200);
    expect(await tasks()).toEqual(['first', 'later']);

    await h.emit('flighttask_progress', progress(run?.flight_id ?? '', 'ok', 100, 3));
    expect((await h.add(h.s.operator, { name: 'after' })).status).toBe(200);
  });
});
