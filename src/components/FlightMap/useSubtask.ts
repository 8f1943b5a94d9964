import { useCallback, useEffect, useState } from 'react';
import type { SubtaskDetail } from '../../../protocol/tasks.ts';
import { isEnded } from '../TaskWords/taskWords.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { fetchSubtask } from '../../api/subtasks.ts';
import { clock } from '../../lib/clock.ts';
import { useRecord } from '../../lib/useRecord.ts';
import { useRunPushEpoch, useRunUpdates } from '../../telemetry/useRunUpdates.ts';

/** How often a flight still under way is asked for again while the run push is not live. */
const POLL_MS = 3000;
/**
 * … and while it is: its state changes come pushed, and only the stored track and the timeline's
 * smaller steps grow in between.
 */
const PUSHED_POLL_MS = 10_000;

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

/**
 * One flight, read again while it is not over (at once when the server pushes a change of its
 * state, otherwise every few seconds), with the dock's live `taskInfo` on top.
 */
export function useSubtask(id: number): SubtaskState {
  const { value: detail, read } = useRecord(id, fetchSubtask);
  const [attempt, setAttempt] = useState(0);
  const loaded = detail !== null && detail !== 'missing' ? detail : null;
  const running = loaded !== null && !isEnded(loaded.execution.state);
  const pushLive = useRunUpdates((u) => {
    if (u.id === id && loaded !== null && u.state !== loaded.execution.state) void read.current();
  });
  const epoch = useRunPushEpoch(pushLive);
  useEffect(() => {
    void read.current();
  }, [id, attempt, epoch, read]);
  useEffect(() => {
    if (!running) return;
    return clock.setInterval(() => void read.current(), pushLive ? PUSHED_POLL_MS : POLL_MS);
  }, [running, pushLive, read]);
  // The dock is followed only while the flight goes on: its reports would re-render the page
  // several times a second for nothing once it is over.
  const task = useDeviceTelemetry(running ? loaded.execution.dock_sn : '')?.task ?? null;
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
