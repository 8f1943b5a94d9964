import { useCallback, useEffect, useState } from 'react';
import type { SubtaskDetail } from '../../../protocol/tasks.ts';
import { isEnded } from '../TaskWords/taskWords.ts';
import { useDeviceTelemetry } from '../../state/fleet.ts';
import { fetchSubtask } from '../../api/subtasks.ts';

/** How often a flight still under way is asked for again (its track and timeline grow). */
const POLL_MS = 3000;

/** The dock's latest `taskInfo` for this flight, as the telemetry worker hands it over. */
export interface LiveTask {
  status: string | null;
  percent: number | null;
  waypoint: number | null;
  total: number | null;
  eta: number | null;
}

export interface SubtaskState {
  /** `null` while loading, `'missing'` when the server refused. */
  detail: SubtaskDetail | null | 'missing';
  /** Live progress from the dock, for this flight only. */
  live: LiveTask | null;
  reload: () => void;
}

const numOr = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** One flight, polled while it is not over, with the dock's live `taskInfo` on top. */
export function useSubtask(id: number): SubtaskState {
  const [answer, setAnswer] = useState<{ id: number; value: SubtaskDetail | 'missing' } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  const detail = answer?.id === id ? answer.value : null;
  const loaded = detail !== null && detail !== 'missing' ? detail : null;
  const running = loaded !== null && !isEnded(loaded.execution.state);
  useEffect(() => {
    let alive = true;
    const load = () =>
      fetchSubtask(id)
        .then((value) => alive && setAnswer({ id, value }))
        .catch(() => alive && setAnswer({ id, value: 'missing' }));
    void load();
    const timer = running ? window.setInterval(() => void load(), POLL_MS) : undefined;
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [id, running, attempt]);
  const task = useDeviceTelemetry(loaded?.execution.dock_sn ?? '')?.task ?? null;
  const live =
    loaded !== null && task !== null && task.flight_id === loaded.execution.flight_id && running
      ? {
          status: typeof task.status === 'string' ? task.status : null,
          percent: numOr(task.percent),
          waypoint: numOr(task.current_waypoint_index),
          total: numOr(task.total_waypoints),
          eta: numOr(task.eta),
        }
      : null;
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { detail, live, reload };
}
