/**
 * Editing a flight task (issue 10): the caller's permission and project are checked, every field as
 * on `add`; a task with a run sent to its dock or flying is refused with the reason; the new plan is
 * checked against the dock's other tasks (not against the task's own old plan) and planned again.
 * Fake docks and virtual time; the real app and database.
 */
import { describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask } from '../../protocol/tasks.ts';
import { backends } from './helpers/backends.ts';
import { useTaskHarness } from './tasksHarness.ts';

const DOCK = 'EDOCK01';
const DRONE = 'EDRONE01';
const HOUR = 3_600_000;

describe.each(backends)('editing a task on $name', (backend) => {
  const h = useTaskHarness(backend, DOCK, DRONE);
  const timed = async (name: string, at: number) => {
    const answer = await h.add(h.s.operator, { name, schedule: { kind: 'timed', at } });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const edit = (task: FlightTask, changes: Record<string, unknown>, token = h.s.operator) =>
    h.server.call<FlightTask>('POST', TASK_API.edit, {
      token,
      lang: 'en',
      body: {
        id: task.id,
        name: task.name,
        wayline_id: task.wayline_id,
        dock_sn: task.dock_sn,
        schedule: task.schedule,
        rth_altitude: task.rth_altitude,
        out_of_control_action: task.out_of_control_action,
        exit_wayline_when_rc_lost: task.exit_wayline_when_rc_lost,
        wayline_precision_type: task.wayline_precision_type,
        ...changes,
      },
    });

  it('changes a task and plans its next run again, audited', async () => {
    const at = Date.now() + 2 * HOUR;
    const task = await timed('north gate', at);
    expect(Date.parse(task.next_run_at ?? '')).toBe(at);
    const moved = await edit(task, {
      name: 'north gate, later',
      rth_altitude: 120,
      schedule: { kind: 'timed', at: at + HOUR },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      name: 'north gate, later',
      rth_altitude: 120,
      state: 'active',
      schedule: { kind: 'timed', at: at + HOUR },
    });
    expect(Date.parse(moved.body.data.next_run_at ?? '')).toBe(at + HOUR);
    expect((await h.info(task.id)).next_run_at).toBe(moved.body.data.next_run_at);
    const audited = (await h.audited('edit')).at(-1);
    expect(audited).toMatchObject({ result: 'success', username: 'operator' });
    expect(audited?.detail).toContain('changed name, schedule, rth_altitude');

    // A task whose one run is over is planned afresh: it is active again.
    const once = (await h.add(h.s.operator, { name: 'once' })).body.data;
    await h.round();
    await h.server.handle.db.query(`update flight_task_executions set state = 'ok'`);
    const again = await edit(
      { ...once, state: 'finished' },
      {
        schedule: { kind: 'timed', at: at + 5 * HOUR },
      },
    );
    expect(again.body.data).toMatchObject({ state: 'active' });
    expect(Date.parse(again.body.data.next_run_at ?? '')).toBe(at + 5 * HOUR);
  });

  it("answers 400 naming the field, 403 to a viewer and 404 outside the caller's project", async () => {
    const task = await timed('checked', Date.now() + 2 * HOUR);
    const high = await edit(task, { rth_altitude: 5 });
    expect(high.status).toBe(400);
    expect(high.body.msg).toContain('rth_altitude');
    const past = await edit(task, { schedule: { kind: 'timed', at: Date.now() - HOUR } });
    expect(past.status).toBe(400);
    expect(past.body.msg).toContain('schedule.at');
    const window = await edit(task, {
      schedule: { kind: 'conditional', battery: 50, begin: Date.now() + HOUR, end: Date.now() },
    });
    expect(window.status).toBe(400);
    expect(window.body.msg).toContain('schedule.end');
    expect((await edit(task, { name: 'viewer' }, h.s.viewer)).status).toBe(403);
    expect((await edit(task, { dock_sn: 'NOSUCHDOCK' })).status).toBe(404);

    await h.server.handle.db.query('update flight_tasks set workspace_id = $2 where id = $1', [
      task.id,
      h.s.other,
    ]);
    expect((await edit(task, { name: 'elsewhere' })).status).toBe(404);
    // The admin sees that project, but a route and dock of another project are not its to fly.
    expect((await edit(task, { name: 'by admin' }, h.s.admin)).status).toBe(404);
    const refusals = (await h.audited('edit')).map((r) => r.result);
    expect(refusals.filter((r) => r === 'failure').length).toBeGreaterThanOrEqual(3);
    const names = await h.server.handle.db.query<{ name: string }>(
      'select name from flight_tasks where id = $1',
      [task.id],
    );
    expect(names).toEqual([{ name: 'checked' }]);
  });

  it('refuses a task with a run sent to its dock or flying, saying which', async () => {
    const flying = (await h.add(h.s.operator, { name: 'flying' })).body.data;
    await h.round();
    expect((await h.info(flying.id)).last?.state).toBe('executing');
    const refused = await edit(flying, { name: 'renamed' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'the task is flying and cannot be changed; wait for the flight to end',
    );
    await h.server.handle.db.query('delete from flight_tasks');

    const held = await timed('held', Date.now() + 2 * HOUR);
    await h.round(HOUR + 55 * 60_000);
    expect((await h.info(held.id)).last?.state).toBe('prepared');
    const sent = await h.server.call('POST', TASK_API.edit, {
      token: h.s.operator,
      lang: 'zh-CN',
      body: { ...held, id: held.id, name: 'renamed' },
    });
    expect(sent.status).toBe(409);
    expect(sent.body.msg).toBe('任务已下发到机场、等待执行，无法修改；请先取消任务');
    expect((await h.info(held.id)).name).toBe('held');
  });

  it("checks the new plan against the dock's other tasks, not against its own old one", async () => {
    const at = Date.now() + 2 * HOUR;
    const first = await timed('first', at);
    const second = await timed('second', at + 3 * HOUR);
    const clash = await edit(second, { schedule: { kind: 'timed', at: at + 60_000 } });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('overlaps task "first" on the same dock');
    expect(Date.parse((await h.info(second.id)).next_run_at ?? '')).toBe(at + 3 * HOUR);
    // Moving a task by a few minutes overlaps only its own old plan.
    const nudged = await edit(first, { schedule: { kind: 'timed', at: at + 5 * 60_000 } });
    expect(nudged.status).toBe(200);
  });
});
