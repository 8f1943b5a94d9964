/**
 * Conditional tasks, the busy rule and the battery floor of the task engine (issue 10): a conditional
 * run is prepared ahead of its window, executed once its dock says `flighttask_ready` (even when the
 * event overtakes the prepare's reply), and withdrawn when its window closes unmet; a run prepared
 * for later leaves its dock free, one in the air does not; a conditional task's battery threshold goes
 * to its dock in the ready conditions, a timed one is refused below the server's floor. Fake docks
 * and virtual time; the real app and database.
 */
import { describe, expect, it } from 'vitest';
import { DOCK_TASK_BUSY } from '../../protocol/mqtt/flighttask.ts';
import { backends } from './helpers/backends.ts';
import { SILENCE_MS, useTaskHarness } from './tasksHarness.ts';
import { progress } from './tasksFakeDock.ts';

const DOCK = 'CDOCK01';
const DRONE = 'CDRONE01';
const MINUTE = 60_000;

describe.each(backends)('conditional tasks and the busy rule on $name', (backend) => {
  const h = useTaskHarness(backend, DOCK, DRONE);
  const methods = () => h.docks.calls.map((c) => c.method);
  const battery = (percent: number) =>
    h.server.handle.db.query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, battery_percent)
       values ($1, now(), 22.5, 113.9, $2)`,
      [DRONE, percent],
    );
  const conditional = (battery: number, begin: number, end: number) => ({
    name: 'conditional',
    schedule: { kind: 'conditional', battery, begin, end },
  });

  it('prepares a conditional run ahead of its window and executes it once its dock is ready', async () => {
    const begin = Date.now() + 30 * MINUTE;
    const task = (await h.add(h.s.operator, conditional(80, begin, begin + 60 * MINUTE))).body.data;
    await h.round();
    expect(methods()).toEqual([]);
    // Ten minutes before the window opens the dock gets it, with the conditions to wait for.
    await h.round(21 * MINUTE);
    expect(methods()).toEqual(['flighttask_prepare']);
    expect(h.docks.calls[0]?.data).toMatchObject({
      task_type: 2,
      ready_conditions: { battery_capacity: 80, begin_time: begin, end_time: begin + 60 * MINUTE },
    });
    // Waiting, inside the window too, is not silence.
    await h.round(SILENCE_MS * 3);
    const waiting = await h.info(task.id);
    expect(waiting.last?.state).toBe('prepared');

    const flightId = waiting.last?.flight_id ?? '';
    await h.emit('flighttask_ready', { flight_ids: [flightId] });
    await h.emit('flighttask_ready', { flight_ids: [flightId] });
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_execute']);
    expect((await h.info(task.id)).last?.state).toBe('executing');
    const kinds = (await h.subtask(waiting.last?.id ?? 0)).timeline.map((e) => e.kind);
    expect(kinds).toEqual(['prepare', 'ready', 'execute']);
  });

  it('executes a conditional run whose flighttask_ready overtakes the reply to its prepare', async () => {
    h.docks.during = (method, data) => {
      if (method === 'flighttask_prepare')
        h.docks.emit(DOCK, 'flighttask_ready', { flight_ids: [data.flight_id] });
    };
    const begin = Date.now();
    const task = (await h.add(h.s.operator, conditional(50, begin, begin + 60 * MINUTE))).body.data;
    await h.round();
    await h.round();
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_execute']);
    expect((await h.info(task.id)).last?.state).toBe('executing');
  });

  it('ends a run whose window closed unmet with the reason, and withdraws it from the dock', async () => {
    const begin = Date.now();
    const task = (await h.add(h.s.operator, conditional(90, begin, begin + 5 * MINUTE))).body.data;
    await h.round();
    expect((await h.info(task.id)).last?.state).toBe('prepared');
    await h.round(4 * MINUTE);
    expect((await h.info(task.id)).last?.state).toBe('prepared');
    await h.round(2 * MINUTE);
    const run = (await h.info(task.id)).last;
    expect(run).toMatchObject({
      state: 'timeout',
      reason: 'the conditions were not met within the window; the run expired',
    });
    expect(h.docks.calls.at(-1)).toMatchObject({
      method: 'flighttask_undo',
      data: { flight_ids: [run?.flight_id] },
    });
    expect((await h.info(task.id, 'zh-CN')).last?.reason).toBe('执行窗口内条件未满足，任务已过期');
    const timeline = (await h.subtask(run?.id ?? 0)).timeline;
    expect(timeline.map((e) => e.kind)).toEqual(['prepare', 'expired', 'cancel']);
    expect(timeline[2]).toMatchObject({ code: 0, latency_ms: 7 });
    expect((await h.audited('expire')).map((r) => r.result)).toEqual(['failure']);
    // A dock that says ready after the window closed changes nothing.
    await h.emit('flighttask_ready', { flight_ids: [run?.flight_id] });
    expect(methods().filter((m) => m === 'flighttask_execute')).toEqual([]);
  });

  it("leaves a conditional task's battery to its dock, and refuses a timed one below the server's floor", async () => {
    await battery(25);
    const begin = Date.now();
    // 25 % is below the server's 30 % but above what this conditional task asks for.
    const low = (await h.add(h.s.operator, conditional(20, begin, begin + 60 * MINUTE))).body.data;
    await h.round();
    expect((await h.info(low.id)).last?.state).toBe('prepared');
    await h.server.handle.db.query('delete from flight_tasks');

    const immediate = (await h.add(h.s.operator, { name: 'now' })).body.data;
    await h.round();
    expect((await h.info(immediate.id)).last).toMatchObject({
      state: 'refused',
      reason: 'the aircraft battery is too low: 25%, at least 30% needed',
    });
    await h.server.handle.db.query('delete from flight_tasks');

    // Above the battery it has: sent all the same, with the threshold in its ready conditions, so
    // the dock charges and says when it is ready.
    const high = (await h.add(h.s.operator, conditional(80, begin, begin + 60 * MINUTE))).body.data;
    await h.round();
    expect((await h.info(high.id)).last?.state).toBe('prepared');
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_prepare']);
  });

  it('flies a task while another waits prepared for later, and refuses one while it flies', async () => {
    // A run planned in an hour, prepared ahead once the engine's clock is ten minutes from it.
    const later = (
      await h.add(h.s.operator, {
        name: 'later',
        schedule: { kind: 'timed', at: Date.now() + 60 * MINUTE },
      })
    ).body.data;
    await h.round(52 * MINUTE);
    expect((await h.info(later.id)).last?.state).toBe('prepared');

    const now = (await h.add(h.s.operator, { name: 'now' })).body.data;
    await h.round();
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_prepare', 'flighttask_execute']);
    const flying = (await h.info(now.id)).last;
    await h.emit('flighttask_progress', progress(flying?.flight_id ?? '', 'in_progress', 10, 0));

    // A second immediate task is refused when it is created, naming the flight in the way.
    const second = await h.add(h.s.operator, { name: 'second' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(
      'the dock is busy with another flight: "now"; create the immediate task once it ends',
    );
    // Two created at the same moment both pass that check: the dispatcher still refuses the second.
    const raced = await h.server.handle.db.query<{ id: number }>(
      `insert into flight_tasks (workspace_id, name, wayline_id, dock_sn, schedule_kind, schedule,
         rth_altitude, next_run_at)
       select workspace_id, 'raced', wayline_id, dock_sn, schedule_kind, schedule, rth_altitude, now()
       from flight_tasks where id = $1 returning id`,
      [now.id],
    );
    const racedId = raced[0]?.id ?? 0;
    await h.round();
    expect((await h.info(racedId)).last).toMatchObject({
      state: 'refused',
      reason: 'the dock is busy with another flight',
    });
    expect((await h.info(racedId, 'zh-CN')).last?.reason).toBe('机场正在执行其他任务');

    // The later run's time comes while the other still flies: refused as busy and withdrawn.
    await h.round(9 * MINUTE);
    const withdrawn = (await h.info(later.id)).last;
    expect(withdrawn).toMatchObject({
      state: 'refused',
      reason: 'the dock is busy with another flight',
    });
    expect(h.docks.calls.at(-1)).toMatchObject({
      method: 'flighttask_undo',
      data: { flight_ids: [withdrawn?.flight_id] },
    });
    expect(methods().filter((m) => m === 'flighttask_execute')).toHaveLength(1);
  });

  it('words a dock that answers "busy" to an execute as busy, and has it drop the task', async () => {
    h.docks.answer = (method) => (method === 'flighttask_execute' ? DOCK_TASK_BUSY : 0);
    const task = (await h.add(h.s.operator, {})).body.data;
    await h.round();
    expect((await h.info(task.id)).last).toMatchObject({
      state: 'rejected',
      result_code: DOCK_TASK_BUSY,
      reason: 'the dock is busy with another flight',
    });
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_execute', 'flighttask_undo']);
  });
});
