/**
 * Where a moment of another page sits in the fleet replay: an alarm or an audit-log entry (ten
 * minutes either side, the cursor on it, its device selected), a device's last hour (that device
 * alone) or a flight run (a minute either side of it, the cursor at take-off, its aircraft). Pure,
 * so it is tested alone; `canOpenReplay` says whether a role's menu holds the replay (the page and
 * its API refuse the others, so no link is shown to them).
 */
import { REPLAY_ACCESS } from '../../../protocol/replay.ts';
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { menuNames } from '../../app/routeMatch.ts';
import { searchOf, windowValid } from '../../lib/replayView.ts';
import type { MenuView } from '../../state/account.ts';

/** The replay page's path. */
export const REPLAY_PATH = '/replay';
/** Shown before and after a moment: what led to it and what came of it. */
export const AROUND_MS = 10 * 60_000;
/** A device's recent past. */
export const RECENT_MS = 60 * 60_000;
/** Shown before a run's take-off and after its landing. */
export const RUN_MARGIN_MS = 60_000;

export interface ReplayTarget {
  /** The moment, epoch ms or an ISO 8601 instant; the cursor goes there. */
  at: number | string;
  /** The device to select, if any. */
  sn?: string | null;
  /** Shown before and after `at`; default ten minutes each. */
  before?: number;
  after?: number;
  /** Only these devices (each with its dock or aircraft); default the whole project. */
  devices?: readonly string[];
}

/** The console address of the replay at `target`, or null for a moment that is not a time. */
export function replayLink(target: ReplayTarget): string | null {
  const at = typeof target.at === 'number' ? target.at : Date.parse(target.at);
  const from = at - (target.before ?? AROUND_MS);
  // An empty window would put the cursor outside it: a device's "now" ends a second later.
  const to = Math.max(at + (target.after ?? AROUND_MS), at + 1000);
  if (!windowValid(from, to)) return null;
  const search = searchOf({
    preset: 'custom',
    from,
    to,
    devices: [...(target.devices ?? [])],
    t: at,
    sn: target.sn ?? null,
    speed: 1,
  });
  return `${REPLAY_PATH}?${search}`;
}

/** A device's last hour up to `now`, that device alone. */
export const recentTarget = (sn: string, now: number): ReplayTarget => ({
  at: now,
  sn,
  before: RECENT_MS,
  after: 0,
  devices: [sn],
});

/**
 * A flight run: a minute either side, the cursor at take-off, the aircraft (a dock whose aircraft
 * is not known brings it along); null for a run that never took off. A run in the air ends `now`.
 */
export function runTarget(
  run: Pick<TaskExecution, 'dock_sn' | 'started_at' | 'ended_at'>,
  aircraftSn: string | null,
  now: number,
): ReplayTarget | null {
  if (run.started_at === null) return null;
  const start = Date.parse(run.started_at);
  const end = run.ended_at === null ? now : Date.parse(run.ended_at);
  return {
    at: start,
    sn: aircraftSn,
    before: RUN_MARGIN_MS,
    after: Math.max(end - start, 0) + RUN_MARGIN_MS,
    devices: [aircraftSn ?? run.dock_sn],
  };
}

/** Whether a role's menu (null: not loaded) holds the replay page. */
export function canOpenReplay(menus: readonly MenuView[] | null): boolean {
  return menus !== null && menuNames(menus).has(REPLAY_ACCESS);
}
