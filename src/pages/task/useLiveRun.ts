import { useEffect, useState } from 'react';
import type {
  FlightTask,
  RunUpdate,
  TaskExecution,
  TaskRunVerdict,
} from '../../../protocol/tasks.ts';
import { fetchTask } from '../../api/tasks.ts';
import { clock } from '../../lib/clock.ts';
import { useLatest } from '../../lib/useLatest.ts';
import { useRunPushEpoch, useRunUpdates } from '../../telemetry/useRunUpdates.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { isEnded } from '../../components/TaskWords/taskWords.ts';

/** How often a row whose run is under way asks the server again while the push is not live. */
const POLL_MS = 3000;

/** What a row shows of its newest run. */
export interface LiveRun {
  state: string;
  percent: number;
  waypoint: number;
  total: number;
  /** Why it was refused or failed, in the server's words; empty otherwise. */
  reason: string;
  /** The dock's or aircraft's result code; 0 when it gave none. */
  result_code: number;
  /** What the aircraft achieved, once the run ended and was judged. */
  verdict: TaskRunVerdict | null;
}

const fromExecution = (x: TaskExecution): LiveRun => ({
  state: x.state,
  percent: x.percent,
  waypoint: x.current_waypoint,
  total: x.total_waypoints,
  reason: x.reason,
  result_code: x.result_code,
  verdict: x.verdict ?? null,
});

/** A pushed update as the row's run: the words and the verdict come with the next read. */
const fromUpdate = (u: RunUpdate, known: TaskExecution | null): LiveRun => ({
  state: u.state,
  percent: u.percent,
  waypoint: u.current_waypoint,
  total: u.total_waypoints,
  reason: known?.id === u.id ? known.reason : '',
  result_code: u.result_code,
  verdict: null,
});

/**
 * The newest run of a task, kept live: the server pushes every change of the task's runs (see
 * `useRunUpdates`), and the dock's `taskInfo` (through the telemetry worker) moves the progress in
 * between. A run's reason and verdict are read from the server once it ends (`onEnded` reloads the
 * list). While the push is not live, a row whose run is not over (or an active task that has none
 * yet) asks the server every few seconds instead.
 */
export function useLiveRun(task: FlightTask, onEnded: () => void): LiveRun | null {
  // A read's or a push's answer holds only until the list brings a newer row.
  const [answer, setAnswer] = useState<{ base: FlightTask; last: TaskExecution | null } | null>(
    null,
  );
  const [pushed, setPushed] = useState<{ base: FlightTask; update: RunUpdate } | null>(null);
  const polled = answer?.base === task ? answer.last : task.last;
  // A push is newer than the row unless the row has read the same run's end (with its verdict).
  const pushedRun = pushed?.base === task ? pushed.update : null;
  const update =
    pushedRun !== null &&
    (pushedRun.id > (polled?.id ?? 0) || (pushedRun.id === polled?.id && !isEnded(polled.state)))
      ? pushedRun
      : null;
  const live = useDeviceTelemetry(task.dock_sn)?.task ?? null;
  const state = update?.state ?? polled?.state;
  // An active task without a run yet is about to get one (an immediate task is dispatched shortly).
  const running = state === undefined ? task.state === 'active' : !isEnded(state);

  const pushLive = useRunUpdates((u) => {
    if (u.task_id !== task.id) return;
    setPushed((before) =>
      before?.base === task && before.update.id === u.id && before.update.at > u.at
        ? before
        : { base: task, update: u },
    );
    if (isEnded(u.state)) onEnded();
  });
  const epoch = useRunPushEpoch(pushLive);
  const read = useLatest(() =>
    fetchTask(task.id)
      .then((detail) => {
        setAnswer({ base: task, last: detail.last });
        if (detail.last && isEnded(detail.last.state)) onEnded();
      })
      .catch(() => undefined),
  );

  // The push (re)started: one read covers what changed while it was down.
  useEffect(() => {
    if (epoch > 0) void read.current();
  }, [epoch, read]);

  useEffect(() => {
    if (!running || pushLive) return;
    return clock.setInterval(() => void read.current(), POLL_MS);
  }, [running, pushLive, read]);

  if (polled === null && update === null) return null;
  const run = update ? fromUpdate(update, polled) : polled ? fromExecution(polled) : null;
  if (run === null) return null;
  const flightId = update?.flight_id ?? polled?.flight_id;
  if (live && live.flight_id === flightId && !isEnded(run.state)) {
    if (typeof live.status === 'string') run.state = live.status;
    if (typeof live.percent === 'number') run.percent = live.percent;
    if (typeof live.current_waypoint_index === 'number') run.waypoint = live.current_waypoint_index;
  }
  return run;
}
