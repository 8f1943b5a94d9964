/**
 * The one judgement of a route against its project's airspace that task creation, task change and
 * dispatch share: which areas the route breaks (a no-fly area it enters, an operation area it
 * leaves), each named with its waypoints, and which of those an override did not accept. An
 * override accepts areas by `area_id`, so an area added or enabled since, or one the route did not
 * break when the override was given, is judged afresh when a run is sent.
 */
import type { AirspaceKind, LngLat } from '../../protocol/airspace.ts';
import type { Db } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { distanceToBoundary, insideArea } from './areaGeometry.ts';
import { enabledAreasOf, storedRoute, waypointsOfRoute } from './planningCheck.ts';
import { checkRoute } from './routeCheck.ts';
import type { CheckArea, RouteCheck, RouteWaypoint } from './routeCheck.ts';

/** One area a route breaks. */
export interface AreaBreach {
  area_id: string;
  name: string;
  /** `no_fly`: the route enters it; `operation`: the route leaves it. */
  kind: AirspaceKind;
  /** Where, as waypoint numbers counted from 1, ascending. */
  waypoints: number[];
}

export interface AirspaceJudgement {
  /** The findings waypoint by waypoint and leg by leg, for the planner's messages. */
  check: RouteCheck;
  /** Every area the route breaks, no-fly areas first, each in the project's order. */
  breaches: AreaBreach[];
  /** The breaches whose area the override did not accept: what refuses the route. */
  open: AreaBreach[];
}

const at = (w: RouteWaypoint): LngLat => [w.lng, w.lat];

/** Collects waypoint numbers per area, keeping the areas in the order first met. */
class BreachBook {
  private readonly byArea = new Map<string, { area: CheckArea; numbers: Set<number> }>();

  add(area: CheckArea, ...indices: number[]): void {
    const entry = this.byArea.get(area.area_id) ?? { area, numbers: new Set<number>() };
    for (const i of indices) entry.numbers.add(i + 1);
    this.byArea.set(area.area_id, entry);
  }

  breaches(order: readonly CheckArea[]): AreaBreach[] {
    return order.flatMap((a) => {
      const entry = this.byArea.get(a.area_id);
      if (!entry) return [];
      const waypoints = [...entry.numbers].sort((x, y) => x - y);
      return [{ area_id: a.area_id, name: a.name, kind: a.kind, waypoints }];
    });
  }
}

/**
 * The operation areas a waypoint belongs to: those it is inside, or, when it is outside them all,
 * the one whose edge is nearest (the area the route left to get there). Attributing each finding
 * to areas is what lets an override accept "leaving area A" without accepting a later area B.
 */
function homeOf(operation: readonly CheckArea[], w: RouteWaypoint): CheckArea[] {
  const inside = operation.filter((a) => insideArea(a.shape, at(w)));
  if (inside.length > 0) return inside;
  let nearest: CheckArea | undefined;
  let best = Infinity;
  for (const a of operation) {
    const metres = distanceToBoundary(a.shape, at(w));
    if (metres < best) {
      nearest = a;
      best = metres;
    }
  }
  return nearest ? [nearest] : [];
}

/** The findings of `check` grouped by the area each breaks. */
function breachesOf(
  check: RouteCheck,
  waypoints: readonly RouteWaypoint[],
  enabled: readonly CheckArea[],
): AreaBreach[] {
  const byId = new Map(enabled.map((a) => [a.area_id, a]));
  const operation = enabled.filter((a) => a.kind === 'operation');
  const book = new BreachBook();
  for (const w of check.waypointsInNoFly) {
    const area = byId.get(w.area_id);
    if (area) book.add(area, w.index);
  }
  for (const l of check.legsCrossingNoFly) {
    const area = byId.get(l.area_id);
    if (area) book.add(area, l.from, l.to);
  }
  const homes = (i: number): CheckArea[] => {
    const w = waypoints[i];
    return w ? homeOf(operation, w) : [];
  };
  for (const i of check.waypointsOutsideOperation) for (const a of homes(i)) book.add(a, i);
  for (const l of check.legsLeavingOperation)
    for (const a of new Set([...homes(l.from), ...homes(l.to)])) book.add(a, l.from, l.to);
  return [
    ...book.breaches(enabled.filter((a) => a.kind === 'no_fly')),
    ...book.breaches(operation),
  ];
}

/**
 * `waypoints`, in flying order, against `areas` (only enabled ones count); `accepted` holds the
 * `area_id`s an override accepted.
 */
export function judgeRoute(
  waypoints: readonly RouteWaypoint[],
  areas: readonly CheckArea[],
  accepted: Iterable<string> = [],
): AirspaceJudgement {
  const enabled = areas.filter((a) => a.enabled);
  const check = checkRoute(waypoints, enabled);
  const breaches = breachesOf(check, waypoints, enabled);
  const ok = new Set(accepted);
  return { check, breaches, open: breaches.filter((b) => !ok.has(b.area_id)) };
}

/**
 * Stored wayline `waylineId` (its KMZ read from storage) against the enabled areas of project
 * `workspaceId`; null when the project has none (the file is then not read at all) or the wayline
 * is gone, which the dock's own fetch or the caller's checks then meet.
 */
export async function judgeWayline(
  db: Db,
  storage: ObjectStore,
  waylineId: number,
  workspaceId: number,
  accepted: Iterable<string> = [],
): Promise<AirspaceJudgement | null> {
  const areas = await enabledAreasOf(db, workspaceId);
  if (areas.length === 0) return null;
  const stored = await storedRoute(db, storage, waylineId);
  return stored ? judgeRoute(waypointsOfRoute(stored.route), areas, accepted) : null;
}
