/**
 * Drafts of the route editor: while a route has unsaved edits the editor keeps a copy of it (and of
 * its name) in local storage, so that closing the tab, the window or the page's tag does not lose
 * them; opening the same route again offers the draft back. One draft per signed-in user, project
 * and wayline (`new` for a route not saved yet), so people sharing a browser never see each other's.
 * A draft is plain JSON: the editor's route model holds nothing else (see `routeModel.ts`).
 */
import { isRecord } from '../storage.ts';
import { newPointId, type EditorRoute, type RoutePoint } from './routeModel.ts';

/**
 * Prefix of every draft's local-storage key. Logout clears local storage as a whole (spec §3), drafts
 * with it, which is right for a console a shift of operators shares.
 */
export const ROUTE_DRAFT_PREFIX = 'routeDraft';

/** Bumped when the model changes shape, so an older draft is dropped rather than misread. */
const DRAFT_VERSION = 1;

/** What a draft keeps: the edited route and the name typed for it. */
export interface RouteDraft {
  route: EditorRoute;
  name: string;
}

/** Whose draft of which route: the signed-in user, the project, and the wayline id or `new`. */
export interface DraftOwner {
  user: number;
  workspace: number;
  wayline: number | 'new';
}

/** The part of the Web Storage API drafts use (local storage in the console, a map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The local-storage key of one owner's draft of one route. */
export function draftKey(owner: DraftOwner): string {
  return `${ROUTE_DRAFT_PREFIX}:${String(owner.user)}:${String(owner.workspace)}:${String(owner.wayline)}`;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isPoint(value: unknown): value is RoutePoint {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    [value.lng, value.lat, value.height, value.speed].every(isFiniteNumber) &&
    Array.isArray(value.actions)
  );
}

/** Enough of the model's shape that the editor can open it; anything else is no draft. */
function isRoute(value: unknown): value is EditorRoute {
  if (!isRecord(value) || !isRecord(value.globals) || !Array.isArray(value.waylines)) return false;
  const waylines: unknown[] = value.waylines;
  const active = value.active;
  return (
    waylines.length > 0 &&
    waylines.every(
      (w) =>
        isRecord(w) &&
        isFiniteNumber(w.waylineId) &&
        Array.isArray(w.points) &&
        (w.points as unknown[]).every(isPoint),
    ) &&
    typeof active === 'number' &&
    Number.isInteger(active) &&
    active >= 0 &&
    active < waylines.length
  );
}

/** The draft under `key`, or `undefined` when there is none or it cannot be read. */
export function readDraft(storage: DraftStorage, key: string): RouteDraft | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || value.v !== DRAFT_VERSION || typeof value.name !== 'string') return;
    return isRoute(value.route) ? { route: value.route, name: value.name } : undefined;
  } catch {
    // Storage the browser refuses to read (privacy settings) or text that is not JSON: no draft.
    return undefined;
  }
}

/**
 * Writes a draft; false when the browser refused it (storage full or disabled), in which case the
 * edits are still on screen and the page still asks before it is closed.
 */
export function writeDraft(storage: DraftStorage, key: string, draft: RouteDraft): boolean {
  try {
    storage.setItem(
      key,
      JSON.stringify({ v: DRAFT_VERSION, name: draft.name, route: draft.route }),
    );
    return true;
  } catch {
    return false;
  }
}

/** Forgets the draft under `key`. */
export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing was stored where storage cannot be reached.
  }
}

/** JSON with object keys sorted and `undefined` members left out, for comparing two values. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => [k, canonical(value[k])]),
  );
}

/** `route` with every waypoint id replaced by `rename(id)`, references between points included. */
function renamePoints(route: EditorRoute, rename: (id: string) => string): EditorRoute {
  return {
    ...route,
    waylines: route.waylines.map((w) => ({
      ...w,
      points: w.points.map((p) => ({
        ...p,
        id: rename(p.id),
        ...(p.kept && { kept: p.kept.map((k) => ({ ...k, untilId: rename(k.untilId) })) }),
      })),
    })),
  };
}

/**
 * Whether two routes hold the same waypoints and settings. Waypoint ids are left out: they are made
 * afresh each time a route is opened, so a draft and the stored route never share them.
 */
export function sameRoute(a: EditorRoute, b: EditorRoute): boolean {
  const byPosition = (route: EditorRoute) => {
    const position = new Map<string, string>();
    route.waylines.forEach((w, i) => {
      w.points.forEach((p, j) => position.set(p.id, `${String(i)}.${String(j)}`));
    });
    return renamePoints(route, (id) => position.get(id) ?? id);
  };
  return JSON.stringify(canonical(byPosition(a))) === JSON.stringify(canonical(byPosition(b)));
}

/**
 * `route` with new waypoint ids from this page's counter: a draft's ids were made by an earlier page
 * and would meet the ids this page makes for the points added next (the map refuses two features
 * with one id, and the panel would edit the wrong point).
 */
export function withFreshIds(route: EditorRoute): EditorRoute {
  const fresh = new Map<string, string>();
  for (const p of route.waylines.flatMap((w) => w.points)) fresh.set(p.id, newPointId());
  return renamePoints(route, (id) => fresh.get(id) ?? id);
}
