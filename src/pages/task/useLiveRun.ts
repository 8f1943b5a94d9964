import { useEffect, useState } from 'react';
import type { FlightTask, TaskExecution, TaskRunVerdict } from '../../../protocol/tasks.ts';
import { fetchTask } from '../../api/tasks.ts';
import { useDeviceTelemetry } from '../../state/fleet.ts';
import { isEnded } from '../../components/TaskWords/taskWords.ts';

/** How often a row whose run is under way asks the server again. */
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

/**
 * The newest run of a task, kept live: the dock's `taskInfo` (through the telemetry worker) moves it
 * at once, and while the run is not over (or an active task has none yet) the row also asks the
 * server every few seconds, so states the dock does not report (sending, refused) show too.
 * `onEnded` fires when the run ends.
 */
export function useLiveRun(task: FlightTask, onEnded: () => void): LiveRun | null {
  // A poll's answer holds only until the list brings a newer row.
  const [answer, setAnswer] = useState<{ base: FlightTask; last: TaskExecution | null } | null>(
    null,
  );
  const polled = answer?.base === task ? answer.last : task.last;
  const live = useDeviceTelemetry(task.dock_sn)?.task ?? null;
  // An active task without a run yet is about to get one (an immediate task is dispatched shortly).
  const running = polled === null ? task.state === 'active' : !isEnded(polled.state);

  useEffect(() => {
    if (!running) return;
    let stop = false;
    const timer = window.setInterval(() => {
      fetchTask(task.id)
        .then((detail) => {
          if (stop) return;
          setAnswer({ base: task, last: detail.last });
          if (detail.last && isEnded(detail.last.state)) onEnded();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [running, task, onEnded]);

  if (polled === null) return null;
  const run = fromExecution(polled);
  if (live && live.flight_id === polled.flight_id && !isEnded(run.state)) {
    if (typeof live.status === 'string') run.state = live.status;
    if (typeof live.percent === 'number') run.percent = live.percent;
    if (typeof live.current_waypoint_index === 'number') run.waypoint = live.current_waypoint_index;
  }
  return run;
}
