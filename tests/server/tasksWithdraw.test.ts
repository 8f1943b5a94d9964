/**
 * Taking runs back from a dock, and the DRC interplay (issue 10): a canceled run the dock holds ends
 * only once the dock answered `flighttask_undo`, its answer on the timeline and in the audit log, a
 * refusal shown as such; the silent-dock sweep withdraws what it ends; a run is neither sent nor
 * executed while a pilot holds the dock's aircraft in DRC, and says who. Fake docks and virtual
 * time; the real app and database.
 */
import { describe, expect, it } from 'vitest';
import { TASK_API } from '../../protocol/tasks.ts';
import { backends } from './helpers/backends.ts';
import { SILENCE_MS, useTaskHarness } from './tasksHarness.ts';

const DOCK = 'WDOCK01';
const DRONE = 'WDRONE01';
const MINUTE = 60_000;

describe.each(backends)('withdrawals and DRC on $name', (backend) => {
  const h = useTaskHarness(backend, DOCK, DRONE);
  const db = () => h.server.handle.db;
  const methods = () => h.docks.calls.map((c) => c.method);
  /** A timed task an hour from now whose run the dock already holds. */
  const heldAhead = async (name = 'ahead') => {
    const task = (
      await h.add(h.s.operator, { name, schedule: { kind: 'timed', at: Date.now() + 60 * MINUTE } })
    ).body.data;
    await h.round(52 * MINUTE);
    const run = (await h.info(task.id)).last;
    expect(run?.state).toBe('prepared');
    return { task, run: run ?? null };
  };
  const cancel = (id: number, lang = 'en') =>
    h.server.call('POST', TASK_API.cancel, { token: h.s.operator, lang, body: { id } });
  /** `username` holds the dock in DRC, its last heartbeat `ageMs` ago on the engine's clock. */
  const pilot = async (username: string, ageMs = 1_000) => {
    const now = h.clock.now();
    await db().query(
      `insert into drc_sessions (dock_sn, aircraft_sn, payload_index, user_id, username, role_id,
         since, expires_at, last_heartbeat, owner)
       select $1, $2, '0-0-0', id, username, role_id, $4, $5, $6, 'elsewhere' from users
       where username = $3`,
      [DOCK, DRONE, username, new Date(now), new Date(now + 30 * MINUTE), new Date(now - ageMs)],
    );
  };

  it('cancels a held run once the dock answered the undo, with its reply on the timeline', async () => {
    const { task, run } = await heldAhead();
    const answer = await cancel(task.id);
    expect(answer.status).toBe(200);
    expect(h.docks.calls.at(-1)).toMatchObject({
      method: 'flighttask_undo',
      data: { flight_ids: [run?.flight_id] },
    });
    const detail = await h.info(task.id);
    expect(detail).toMatchObject({ state: 'canceled', next_run_at: null });
    expect(detail.last).toMatchObject({ state: 'canceled', reason: '' });
    const entry = (await h.subtask(run?.id ?? 0)).timeline.find((e) => e.kind === 'cancel');
    expect(entry).toMatchObject({ code: 0, latency_ms: 7, username: 'operator' });
    expect((await h.audited('flighttask_undo')).at(-1)).toEqual({
      result: 'success',
      detail: 'reply 0, 7 ms',
      username: 'operator',
    });
    // Nothing is executed for it when its time comes.
    await h.round(10 * MINUTE);
    expect(methods()).not.toContain('flighttask_execute');
  });

  it('shows a dock that refuses the undo as a failure, with its code', async () => {
    const { task, run } = await heldAhead();
    h.docks.answer = (method) => (method === 'flighttask_undo' ? 314002 : 0);
    const answer = await cancel(task.id);
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe(
      'the task is canceled, but the dock refused to withdraw the flight it holds (code 314002)',
    );
    const zh = await h.server.call('GET', TASK_API.info, {
      token: h.s.viewer,
      lang: 'zh-CN',
      query: { id: task.id },
    });
    expect(zh.body.data).toMatchObject({
      state: 'canceled',
      last: {
        state: 'canceled',
        result_code: 314002,
        reason: '机场拒绝撤回已下发的任务（错误码 314002）',
      },
    });
    const entry = (await h.subtask(run?.id ?? 0)).timeline.find((e) => e.kind === 'cancel');
    expect(entry).toMatchObject({ code: 314002, username: 'operator' });
    expect((await h.audited('flighttask_undo')).at(-1)).toEqual({
      result: 'failure',
      detail: 'reply 314002, 7 ms',
      username: 'operator',
    });
    await h.round(10 * MINUTE);
    expect(methods()).not.toContain('flighttask_execute');
  });

  it('refuses to cancel a held run while no engine can take it back, changing nothing', async () => {
    const { task } = await heldAhead();
    await h.engine.stop();
    h.server.handle.deps.tasks.set(null);
    const answer = await cancel(task.id);
    expect(answer.status).toBe(409);
    expect(answer.body.msg).toBe('the task engine is not running');
    // A timed task's one run is taken from its plan once claimed: the task reads finished.
    expect(await h.info(task.id)).toMatchObject({ state: 'finished', last: { state: 'prepared' } });
  });

  it('withdraws a held run the silent-dock sweep ends', async () => {
    const { task, run } = await heldAhead();
    // Its time came and an instance claimed its execute, then died before sending it.
    await db().query('update flight_task_executions set execute_sent_at = now() where id = $1', [
      run?.id,
    ]);
    await h.round(8 * MINUTE + SILENCE_MS);
    expect((await h.info(task.id)).last).toMatchObject({
      state: 'timeout',
      reason: 'the dock stopped answering; the flight timed out',
    });
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_undo']);
    expect(h.docks.calls.at(-1)?.data).toEqual({ flight_ids: [run?.flight_id] });
  });

  it('sends nothing to a dock whose aircraft a pilot holds in DRC, and names the pilot', async () => {
    await pilot('admin');
    const task = (await h.add(h.s.operator, {})).body.data;
    await h.round();
    expect(methods()).toEqual([]);
    const run = (await h.info(task.id)).last;
    expect(run).toMatchObject({
      state: 'refused',
      reason: 'a pilot is controlling this aircraft manually: admin',
    });
    expect((await h.info(task.id, 'zh-CN')).last?.reason).toBe('飞手正在手动操控该飞行器：admin');
    const detail = await h.subtask(run?.id ?? 0, 'zh-CN');
    expect(detail.execution.reason).toBe('飞手正在手动操控该飞行器：admin');
    expect(detail.timeline).toEqual([
      expect.objectContaining({ kind: 'refused', text: '飞手正在手动操控该飞行器：admin' }),
    ]);
    expect((await h.audited('dispatch')).at(-1)).toMatchObject({
      result: 'failure',
      detail: 'task.drc_held {"user":"admin"}',
    });
  });

  it('ignores a DRC session whose heartbeat stopped', async () => {
    await pilot('admin', 20_000);
    const task = (await h.add(h.s.operator, {})).body.data;
    await h.round();
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_execute']);
    expect((await h.info(task.id)).last?.state).toBe('executing');
  });

  it('does not execute a held run once a pilot took the aircraft, and withdraws it', async () => {
    const { task, run } = await heldAhead();
    // The pilot takes the aircraft two seconds before the run's time; the session beats on.
    await h.round(Date.parse(run?.planned_at ?? '') - h.clock.now() - 2_000);
    await pilot('admin');
    await h.round(3_000);
    expect((await h.info(task.id)).last).toMatchObject({
      state: 'refused',
      reason: 'a pilot is controlling this aircraft manually: admin',
    });
    expect(methods()).toEqual(['flighttask_prepare', 'flighttask_undo']);
    const kinds = (await h.subtask(run?.id ?? 0)).timeline.map((e) => e.kind);
    expect(kinds).toEqual(['prepare', 'refused', 'cancel']);
  });
});
