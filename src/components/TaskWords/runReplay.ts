/**
 * Where a run sits in the fleet replay: the flight's window with a minute either side (take-off and
 * landing in the dock show, and a little of what came before), the aircraft (the replay brings its
 * dock along) with the cursor at take-off. Pure, so it is tested alone.
 */
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { searchOf, windowValid, type ReplayView } from '../../lib/replayView.ts';

/** Shown before take-off and after landing, ms. */
export const REPLAY_MARGIN_MS = 60_000;

/** The replay page's path. */
export const REPLAY_PATH = '/replay';

/**
 * The replay view of a run, or null for a run that never took off (nothing to replay) or whose
 * window the replay does not answer (longer than its limit). A run still in the air ends now.
 */
export function runReplayView(
  run: Pick<TaskExecution, 'dock_sn' | 'started_at' | 'ended_at'>,
  aircraftSn: string | null,
  now: number,
): ReplayView | null {
  if (run.started_at === null) return null;
  const start = Date.parse(run.started_at);
  const end = run.ended_at === null ? now : Date.parse(run.ended_at);
  const from = start - REPLAY_MARGIN_MS;
  const to = Math.max(end, start) + REPLAY_MARGIN_MS;
  if (!windowValid(from, to)) return null;
  return {
    preset: 'custom',
    from,
    to,
    // The aircraft flew the run; a dock whose aircraft is not known brings it along in the replay.
    devices: [aircraftSn ?? run.dock_sn],
    t: start,
    sn: aircraftSn,
    speed: 1,
  };
}

/** The console address of {@link runReplayView}, or null when there is nothing to replay. */
export function runReplayAddress(
  run: Pick<TaskExecution, 'dock_sn' | 'started_at' | 'ended_at'>,
  aircraftSn: string | null,
  now: number,
): string | null {
  const view = runReplayView(run, aircraftSn, now);
  return view === null ? null : `${REPLAY_PATH}?${searchOf(view)}`;
}
