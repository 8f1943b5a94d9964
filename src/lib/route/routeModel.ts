/**
 * The route the map editor works on: waypoints with their own settings and a small list of actions,
 * plus the route's globals. Plain data, so every edit is a new value and undo is a stack of values.
 * WPML names (protocol §6) are kept wherever the model holds an enum, so nothing is translated twice.
 */
import type {
  TemplateType,
  WaylineAction,
  WaylineActionGroup,
} from '../../../protocol/waylines.ts';

/** `wpml:waypointHeadingMode` values (protocol §6.4) an editor can set without a point of interest. */
export const HEADING_MODES = ['followWayline', 'manually', 'fixed', 'smoothTransition'] as const;
export type HeadingMode = (typeof HEADING_MODES)[number];

/** `wpml:waypointTurnMode` values (protocol §6.4). */
export const TURN_MODES = [
  'toPointAndStopWithDiscontinuityCurvature',
  'toPointAndStopWithContinuityCurvature',
  'toPointAndPassWithContinuityCurvature',
  'coordinateTurn',
] as const;
export type TurnMode = (typeof TURN_MODES)[number];

/** `wpml:finishAction` (protocol §6.2). */
export const FINISH_ACTIONS = ['goHome', 'autoLand', 'gotoFirstWaypoint', 'noAction'] as const;
export type FinishAction = (typeof FINISH_ACTIONS)[number];

/** `wpml:exitOnRCLost` (protocol §6.2). */
export const EXIT_ON_RC_LOST = ['executeLostAction', 'goContinue'] as const;
export type ExitOnRcLost = (typeof EXIT_ON_RC_LOST)[number];

/** `wpml:executeRCLostAction` (protocol §6.2), used when `exitOnRCLost` is `executeLostAction`. */
export const RC_LOST_ACTIONS = ['goBack', 'landing', 'hover'] as const;
export type RcLostAction = (typeof RC_LOST_ACTIONS)[number];

export { ROUTE_AIRCRAFT } from '../../../protocol/mqtt/models.ts';

/** Actions a waypoint can carry in the editor; each becomes one `wpml:action` at `reachPoint`. */
export type PointAction =
  | { kind: 'takePhoto' }
  | { kind: 'startRecord' }
  | { kind: 'stopRecord' }
  | { kind: 'hover'; seconds: number }
  | { kind: 'rotateYaw'; heading: number }
  | { kind: 'gimbalRotate'; pitch: number }
  | { kind: 'zoom'; factor: number };
export type PointActionKind = PointAction['kind'];

export const ACTION_KINDS: readonly PointActionKind[] = [
  'takePhoto',
  'startRecord',
  'stopRecord',
  'hover',
  'rotateYaw',
  'gimbalRotate',
  'zoom',
];

/** One waypoint. `id` is stable across edits so the map and the panel can follow it. */
export interface RoutePoint {
  id: string;
  lng: number;
  lat: number;
  /** m, in the route's height mode. */
  height: number;
  /** m/s. */
  speed: number;
  headingMode: HeadingMode;
  /** Degrees −180…180, for the modes that take one. */
  headingAngle: number;
  turnMode: TurnMode;
  /** Degrees, −90 (straight down) … 0 (level); also allows a little upward tilt. */
  gimbalPitch: number;
  actions: PointAction[];
  /** Take a photo every this many metres on the way to the next point (mapping routes). */
  photoEvery?: number;
  /** Actions of an imported file this editor does not model, written back unchanged. */
  foreign?: WaylineAction[];
  /**
   * Action groups of an imported file this editor does not model (timed or distance triggers,
   * groups over several points), written back from this point to the point they ended at.
   */
  kept?: KeptGroup[];
}

/** An action group kept from a file; `startIndex`/`endIndex` are set again when it is written. */
export interface KeptGroup {
  group: Omit<WaylineActionGroup, 'id' | 'startIndex' | 'endIndex'>;
  /** Id of the point the group ends at; the point that holds it when it ends there. */
  untilId: string;
}

/** One wayline (a `Folder` of waylines.wpml): the editor edits one at a time. */
export interface EditorWayline {
  /** `wpml:waylineId`, kept from the file so a saved file names its waylines as before. */
  waylineId: number;
  points: RoutePoint[];
}

/** A mapping route's area and settings: what its mapping2d template keeps. */
export interface MappingArea {
  /** WGS-84 `[lng, lat]` corners, not closed. */
  ring: [number, number][];
  /**
   * Parts of the area left out, each a ring like `ring`: no line is flown along them and nothing is
   * photographed over them. Absent when there are none.
   */
  holes?: [number, number][][];
  settings: MappingSettings;
  /**
   * `wpml:shootType` of an opened file's lines (`time` or `distance`); absent once the editor has
   * generated them, which it does by distance.
   */
  shootType?: string;
}

/** Settings of a lawn-mower mapping route (see `mappingRoute.ts`). */
export interface MappingSettings {
  /** Flight height above the take-off point, m. */
  height: number;
  /** Overlap of consecutive photos along a line, % (`wpml:orthoCameraOverlapH`). */
  frontOverlap: number;
  /** Overlap of neighbouring lines, % (`wpml:orthoCameraOverlapW`). */
  sideOverlap: number;
  /** Horizontal field of view of the camera, degrees. */
  fovDeg: number;
  /** Bearing of the flight lines, degrees clockwise from north (`wpml:direction`). */
  direction: number;
  /** How far the lines reach beyond the area, m, negative shrinks it (`wpml:margin`). */
  margin: number;
  /** m/s. */
  speed: number;
}

/** What an opened file held that the editor cannot represent, shown before saving over it. */
export type LoadNote =
  | { kind: 'template'; type: TemplateType }
  | { kind: 'heading'; wayline: number; point: number; mode: string }
  | { kind: 'turn'; wayline: number; point: number; mode: string };

/** Settings of the whole route. */
export interface RouteGlobals {
  /** `wpml:autoFlightSpeed`, m/s. */
  autoFlightSpeed: number;
  /** Height new waypoints start with, m. */
  globalHeight: number;
  /** `wpml:takeOffSecurityHeight`, m. */
  takeOffSecurityHeight: number;
  /** `wpml:globalTransitionalSpeed`, m/s. */
  transitionalSpeed: number;
  finishAction: FinishAction;
  exitOnRCLost: ExitOnRcLost;
  rcLostAction: RcLostAction;
  /** `0-type-sub_type` of the aircraft. */
  aircraftKey: string;
  /** `1-type-0` of the camera, or empty. */
  payloadKey: string;
  /** The template's `heightMode` and the execution file's `executeHeightMode`. */
  heightMode: string;
}

export interface EditorRoute {
  globals: RouteGlobals;
  /** Every wayline in flight order; never empty. */
  waylines: EditorWayline[];
  /** Index into `waylines` of the one the map edits. */
  active: number;
  /** Set for a mapping route: saved as a mapping2d template with the generated lines. */
  mapping?: MappingArea;
  /** Template settings of an opened file this editor does not set itself, written back unchanged. */
  templateExtra?: [string, string][];
  /** What the opened file held that saving would lose. */
  notes?: LoadNote[];
}

/** The waypoints of the wayline being edited. */
export function activePoints(route: EditorRoute): RoutePoint[] {
  return route.waylines[route.active]?.points ?? [];
}

/** Every waypoint of every wayline, in flight order. */
export function allPoints(route: EditorRoute): RoutePoint[] {
  return route.waylines.flatMap((w) => w.points);
}

/** The route with the edited wayline's points replaced by `change(points)`. */
export function withActivePoints(
  route: EditorRoute,
  change: (points: RoutePoint[]) => RoutePoint[],
): EditorRoute {
  return {
    ...route,
    waylines: route.waylines.map((w, i) =>
      i === route.active ? { ...w, points: change(w.points) } : w,
    ),
  };
}

/** Speed limits of `wpml:autoFlightSpeed` and `wpml:waypointSpeed`, m/s (protocol §6.3). */
export const SPEED_RANGE = { min: 1, max: 15 } as const;
/** Heights an editor accepts, m (the take-off security height and RTH share the upper bound). */
export const HEIGHT_RANGE = { min: -1500, max: 1500 } as const;

/** Globals of a new route: an M30T with its camera, 100 m at 10 m/s, home when done. */
export function defaultGlobals(): RouteGlobals {
  return {
    autoFlightSpeed: 10,
    globalHeight: 100,
    takeOffSecurityHeight: 20,
    transitionalSpeed: 10,
    finishAction: 'goHome',
    exitOnRCLost: 'executeLostAction',
    rcLostAction: 'goBack',
    aircraftKey: '0-67-1',
    payloadKey: '1-53-0',
    heightMode: 'relativeToStartPoint',
  };
}

/** An empty route with default globals. */
export function emptyRoute(): EditorRoute {
  return { globals: defaultGlobals(), waylines: [{ waylineId: 0, points: [] }], active: 0 };
}

let nextId = 1;

/** A fresh waypoint id, unique within this page's life. */
export function newPointId(): string {
  return `p${nextId++}`;
}

/** A waypoint at a position, with the route's current height and speed. */
export function newPoint(globals: RouteGlobals, lng: number, lat: number): RoutePoint {
  return {
    id: newPointId(),
    lng,
    lat,
    height: globals.globalHeight,
    speed: globals.autoFlightSpeed,
    headingMode: 'followWayline',
    headingAngle: 0,
    turnMode: 'toPointAndStopWithDiscontinuityCurvature',
    gimbalPitch: -45,
    actions: [],
  };
}

/** The default of an action kind, as added from the panel. */
export function newAction(kind: PointActionKind): PointAction {
  switch (kind) {
    case 'hover':
      return { kind, seconds: 5 };
    case 'rotateYaw':
      return { kind, heading: 0 };
    case 'gimbalRotate':
      return { kind, pitch: -90 };
    case 'zoom':
      return { kind, factor: 2 };
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return { kind };
  }
}
