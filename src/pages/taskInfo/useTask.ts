import { useEffect } from 'react';
import type { FlightTaskDetail, RunUpdate } from '../../../protocol/tasks.ts';
import { fetchTask } from '../../api/tasks.ts';
import { isEnded } from '../../components/TaskWords/taskWords.ts';
import { clock } from '../../lib/clock.ts';
import { useRecord } from '../../lib/useRecord.ts';
import { useRunPushEpoch, useRunUpdates } from '../../telemetry/useRunUpdates.ts';

/** How often the page asks again while a run is under way and the push is not live. */
const POLL_MS = 3000;

/** The task with one of its runs moved on by a pushed update. */
function withUpdate(task: FlightTaskDetail, u: RunUpdate): FlightTaskDetail {
  const move = <T extends { id: number }>(x: T): T =>
    x.id !== u.id
      ? x
      : {
          ...x,
          state: u.state,
          percent: u.percent,
          current_waypoint: u.current_waypoint,
          total_waypoints: u.total_waypoints,
          result_code: u.result_code,
          started_at: u.started_at,
          ended_at: u.ended_at,
        };
  return {
    ...task,
    executions: task.executions.map(move),
    last: task.last ? move(task.last) : task.last,
  };
}

/**
 * One task with its runs; `null` while loading, `'missing'` when the server refused. A new `version`
 * reads it again (after the page changed it). The server pushes each change of the task's runs: a
 * run under way moves on in place, and a new or ended run (whose words and verdict only a read
 * brings) reads the task again. While the push is not live, a task with a run under way is read
 * every few seconds instead.
 */
export function useTask(id: number, version = 0): FlightTaskDetail | null | 'missing' {
  const { value: current, read, patch } = useRecord(id, fetchTask);
  const running =
    current !== null && current !== 'missing' && current.executions.some((x) => !isEnded(x.state));

  const pushLive = useRunUpdates((u) => {
    if (u.task_id !== id || current === null || current === 'missing') return;
    const known = current.executions.some((x) => x.id === u.id);
    if (!known || isEnded(u.state)) {
      void read.current();
      return;
    }
    patch((task) => withUpdate(task, u));
  });
  const epoch = useRunPushEpoch(pushLive);

  useEffect(() => {
    void read.current();
  }, [id, version, epoch, read]);

  useEffect(() => {
    if (!running || pushLive) return;
    return clock.setInterval(() => void read.current(), POLL_MS);
  }, [running, pushLive, read]);

  return current;
}
