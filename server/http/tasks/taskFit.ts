/**
 * The checks a task's route and dock must pass when the task is created or changed, beyond its
 * schedule: the route planned for the aircraft the dock carries, its first waypoint within reach of
 * the dock, (for a flight due at once) the dock not busy with another, and the route clear of the
 * project's no-fly areas and inside its operation areas. Each refusal names what is wrong, so the
 * person creating the task learns it there and then rather than from a failed run.
 */
import type { FastifyRequest } from 'fastify';
import { AIRSPACE_ACCESS } from '../../../protocol/airspace.ts';
import { judgeWayline } from '../../airspace/airspaceJudgement.ts';
import type { AreaBreach } from '../../airspace/airspaceJudgement.ts';
import { routeProblemParts } from '../../airspace/planningCheck.ts';
import type { Db } from '../../db/Db.ts';
import type { ObjectStore } from '../../storage/ObjectStore.ts';
import { aircraftFit, dockAircraftKey, modelWords } from '../../tasks/aircraftFit.ts';
import { dockBusyWith } from '../../tasks/conflicts.ts';
import { geodesicDistance } from '../../waylines/geodesic.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';
import type { TaskTargets } from './taskTargets.ts';

/**
 * Furthest the first waypoint of a route may be from its dock, straight line, m. DJI gives its docks
 * an operating radius of 7 km (Dock with Matrice 30) to 10 km (Dock 2 and Dock 3), and the aircraft
 * must fly there, fly the route and come back on one battery; 15 km leaves room for a dock standing
 * at the edge of its area while refusing what no docked aircraft can do (a run whose only waypoint
 * lay in another country flew 29 km). The simulated fleet stands within 6 km of its centre, so its
 * routes, planned around that centre, stay well inside this.
 */
export const MAX_FIRST_WAYPOINT_M = 15_000;

/**
 * Permission to have a route of an unknown aircraft model accepted. No seeded menu button carries
 * it, so only a role with all access (the seeded admin) holds it until an administrator adds a
 * button with this code to a role: accepting a route the server cannot check is an admin's call.
 */
export const MODEL_OVERRIDE_CODE = 'task:override_model';

/** What the checks need of the request besides the route and dock. */
export interface FitInput {
  /** The caller asks to accept a route of an unknown aircraft model. */
  confirmUnknownModel: boolean;
  /**
   * The new plan's first run is now: an immediate task, or a timed one within its grace. Not a
   * conditional one: its dock holds it until ready, and says ready only when no other flight goes.
   */
  fliesNow: boolean;
  /** The moment of the request, ms. */
  nowMs: number;
  /** The task being changed (edit), whose own runs and plan do not count; 0 for a new one. */
  exceptTaskId?: number;
  /** The caller asks to fly the route although it crosses the project's airspace. */
  overrideAirspace: boolean;
}

/** What a plan's checks let through by an override, for the task's row and the audit log. */
export interface TaskFit {
  /** The audit note of an unknown-model override; null when none was needed. */
  model: string | null;
  airspace: AirspaceOverride | null;
}

/**
 * The route's aircraft model against the dock's aircraft: a mismatch is refused; an unknown model
 * is refused unless the caller asks for it and may. Answers the audit note of such an override, or
 * null when none was needed.
 */
async function checkModel(
  db: Db,
  caller: Caller,
  targets: TaskTargets,
  confirm: boolean,
): Promise<string | null> {
  const { wayline, dock } = targets;
  const aircraft = await dockAircraftKey(db, dock.sn);
  const fit = aircraftFit(wayline.drone_model_key, aircraft);
  if (fit.kind === 'mismatch')
    throw new ApiError(400, 'task.model_mismatch', {
      route: modelWords(fit.route),
      aircraft: modelWords(fit.aircraft),
      dock: dock.label,
    });
  if (fit.kind === 'ok') return null;
  const model = modelWords(fit.route);
  if (!confirm) throw new ApiError(400, 'task.model_unknown', { model, dock: dock.label });
  if (!caller.can(MODEL_OVERRIDE_CODE)) throw new ApiError(403, 'task.model_override_forbidden');
  return `unknown aircraft model ${model} of wayline ${String(wayline.id)} accepted for dock ${dock.sn} (aircraft ${aircraft === null ? 'not on record' : modelWords(aircraft)})`;
}

/**
 * The route's first waypoint within `MAX_FIRST_WAYPOINT_M` of the dock. A dock that never reported
 * where it stands cannot be judged, and a route with no stored outline neither: both are let through.
 */
function checkReach(targets: TaskTargets): void {
  const { dock, wayline } = targets;
  const start = wayline.outline[0];
  if (dock.latitude === null || dock.longitude === null || !start) return;
  const metres = geodesicDistance(dock.longitude, dock.latitude, start[0], start[1]);
  if (metres > MAX_FIRST_WAYPOINT_M)
    throw new ApiError(400, 'task.out_of_range', {
      dock: dock.label,
      distance: (metres / 1000).toFixed(1),
      max: MAX_FIRST_WAYPOINT_M / 1000,
    });
}

/**
 * Runs every check of a new plan for `targets` (aircraft model, reach, busy dock, airspace) and
 * answers what overrides it accepted. A plan that flies at once (an immediate task, or a timed one
 * whose time is now) is refused with 409 while the dock is busy with another flight, named:
 * accepted, its run would only be refused a moment later, where the person who asked for it does
 * not look.
 */
export async function checkTaskFit(
  db: Db,
  storage: ObjectStore,
  caller: Caller,
  targets: TaskTargets,
  input: FitInput,
): Promise<TaskFit> {
  const model = await checkModel(db, caller, targets, input.confirmUnknownModel);
  checkReach(targets);
  if (input.fliesNow) {
    const busy = await dockBusyWith(db, targets.dock.sn, input.nowMs, input.exceptTaskId ?? 0);
    if (busy !== null) throw new ApiError(409, 'task.dock_busy_with', { what: busy });
  }
  const airspace = await checkTaskAirspace(db, storage, caller, targets, input.overrideAirspace);
  return { model, airspace };
}

/** What an accepted airspace override lets through, for the task's row and the audit log. */
export interface AirspaceOverride {
  /**
   * The areas (`area_id`) the route breaks: no-fly areas it enters and operation areas it leaves.
   * A run is sent while its route breaks these and no others (see airspace/dispatchCheck.ts).
   */
  areaIds: string[];
  note: string;
}

/** The names of `breaches` of `kind`, quoted, for the audit note. */
function namesOf(breaches: readonly AreaBreach[], kind: AreaBreach['kind']): string {
  return breaches
    .filter((b) => b.kind === kind)
    .map((b) => `"${b.name}"`)
    .join(', ');
}

/**
 * The route against its project's enabled areas (the judgement dispatch repeats): a route entering
 * a no-fly area or leaving an operation area is refused (409, naming the areas and waypoints)
 * unless the caller asks for it and may (`airspace:override`). Answers what the override accepted,
 * or null when none was needed.
 */
async function checkTaskAirspace(
  db: Db,
  storage: ObjectStore,
  caller: Caller,
  targets: TaskTargets,
  confirm: boolean,
): Promise<AirspaceOverride | null> {
  const { wayline, dock } = targets;
  const judged = await judgeWayline(db, storage, wayline.id, wayline.workspace_id);
  if (judged === null || judged.open.length === 0) return null;
  if (!confirm)
    throw new ApiError(409, 'task.airspace_refused', {}, routeProblemParts(judged.check));
  if (!caller.can(AIRSPACE_ACCESS.override))
    throw new ApiError(403, 'task.airspace_override_forbidden');
  const noFly = namesOf(judged.breaches, 'no_fly');
  const operation = namesOf(judged.breaches, 'operation');
  const what = [
    ...(noFly === '' ? [] : [`enters no-fly area(s) ${noFly}`]),
    ...(operation === '' ? [] : [`leaves operation area(s) ${operation}`]),
  ].join(' and ');
  return {
    areaIds: judged.breaches.map((b) => b.area_id),
    note: `route of wayline ${String(wayline.id)} ${what}; flown anyway from dock ${dock.sn}`,
  };
}

/** Records each override a plan's checks accepted as its own audit row, beside the task's. */
export async function auditOverrides(
  db: Db,
  request: FastifyRequest,
  task: { id: number; name: string },
  fit: TaskFit,
): Promise<void> {
  const notes = [
    ['override_model', fit.model],
    ['override_airspace', fit.airspace?.note ?? null],
  ] as const;
  for (const [action, note] of notes) {
    if (note === null) continue;
    await audit(db, request, {
      module: 'task',
      action,
      target: String(task.id),
      targetName: task.name,
      detail: note,
    });
  }
}
