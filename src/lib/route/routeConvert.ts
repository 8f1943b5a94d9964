/**
 * Between the editor's model and the server's parsed KMZ (`WaylineRoute`, protocol/waylines.ts): the
 * server writes a KMZ from the latter with its own writer, and reads one back into it for editing.
 */
import type {
  WaylineAction,
  WaylineActionGroup,
  WaylinePoint,
  WaylineRoute,
} from '../../../protocol/waylines.ts';
import type {
  EditorRoute,
  HeadingMode,
  PointAction,
  RouteGlobals,
  RoutePoint,
  TurnMode,
} from './routeModel.ts';
import {
  defaultGlobals,
  EXIT_ON_RC_LOST,
  FINISH_ACTIONS,
  HEADING_MODES,
  newPointId,
  RC_LOST_ACTIONS,
  TURN_MODES,
} from './routeModel.ts';

/** WPML version this editor writes (what FlightHub 2 exports today). */
export const WRITTEN_WPMZ_VERSION = '1.0.6';

/**
 * `wpml:focalLength` of a zoom action is in mm; the editor offers a zoom factor. 24 mm is the
 * 35 mm-equivalent wide focal length DJI's enterprise cameras count their zoom from.
 */
const WIDE_FOCAL_MM = 24;

const PAYLOAD_INDEX = { payloadPositionIndex: '0' };

function actionParams(a: PointAction): Record<string, string> {
  switch (a.kind) {
    case 'takePhoto':
    case 'startRecord':
      return { ...PAYLOAD_INDEX, useGlobalPayloadLensIndex: '1' };
    case 'stopRecord':
      return { ...PAYLOAD_INDEX };
    case 'hover':
      return { hoverTime: String(a.seconds) };
    case 'rotateYaw':
      return {
        aircraftHeading: String(a.heading),
        aircraftPathMode: a.heading < 0 ? 'counterClockwise' : 'clockwise',
      };
    case 'gimbalRotate':
      return {
        ...PAYLOAD_INDEX,
        gimbalHeadingYawBase: 'north',
        gimbalRotateMode: 'absoluteAngle',
        gimbalPitchRotateEnable: '1',
        gimbalPitchRotateAngle: String(a.pitch),
        gimbalRollRotateEnable: '0',
        gimbalRollRotateAngle: '0',
        gimbalYawRotateEnable: '0',
        gimbalYawRotateAngle: '0',
        gimbalRotateTimeEnable: '0',
        gimbalRotateTime: '0',
      };
    case 'zoom':
      return { ...PAYLOAD_INDEX, focalLength: String(Math.round(a.factor * WIDE_FOCAL_MM)) };
  }
}

function actionGroups(p: RoutePoint, index: number, last: number): WaylineActionGroup[] {
  const groups: WaylineActionGroup[] = [];
  const actions: WaylineAction[] = [
    ...p.actions.map((a) => ({ id: 0, func: a.kind, params: actionParams(a) })),
    ...(p.foreign ?? []),
  ].map((a, id) => ({ ...a, id }));
  if (actions.length > 0)
    groups.push({
      id: 0,
      startIndex: index,
      endIndex: index,
      mode: 'sequence',
      trigger: { type: 'reachPoint' },
      actions,
    });
  if (p.photoEvery !== undefined && p.photoEvery > 0 && index < last)
    groups.push({
      id: 0,
      startIndex: index,
      endIndex: index + 1,
      mode: 'sequence',
      trigger: { type: 'multipleDistance', param: String(Math.round(p.photoEvery * 10) / 10) },
      actions: [
        { id: 0, func: 'takePhoto', params: { ...PAYLOAD_INDEX, useGlobalPayloadLensIndex: '1' } },
      ],
    });
  return groups;
}

function toPoint(p: RoutePoint, index: number): WaylinePoint {
  const angled = p.headingMode !== 'followWayline';
  const curved =
    p.turnMode === 'coordinateTurn' || p.turnMode === 'toPointAndPassWithContinuityCurvature';
  return {
    index,
    lng: p.lng,
    lat: p.lat,
    height: p.height,
    speed: p.speed,
    headingMode: p.headingMode,
    ...(angled && { headingAngle: p.headingAngle }),
    turnMode: p.turnMode,
    // A curved turn needs room to turn in; 0.2 m is the smallest DJI's planners accept.
    turnDampingDist: curved ? 0.2 : 0,
    useStraightLine: curved ? 0 : 1,
    gimbalPitch: p.gimbalPitch,
    actionGroups: [],
  };
}

/** Numbers action groups across the route, as `wpml:actionGroupId` must be unique per wayline. */
function numberGroups(points: WaylinePoint[], source: readonly RoutePoint[]): WaylinePoint[] {
  let groupId = 0;
  const last = source.length - 1;
  return points.map((p, i) => ({
    ...p,
    actionGroups: actionGroups(source[i] ?? ({} as RoutePoint), i, last).map((g) => ({
      ...g,
      id: groupId++,
    })),
  }));
}

function modelNumbers(key: string, domain: string): [number, number] | undefined {
  const [d, type, sub] = key.split('-').map(Number);
  if (String(d) !== domain || type === undefined || sub === undefined) return undefined;
  if (!Number.isInteger(type) || !Number.isInteger(sub)) return undefined;
  return [type, sub];
}

/** The route as the server's writer takes it; `now` stamps the file (ms). */
export function toWaylineRoute(route: EditorRoute, now: number, author?: string): WaylineRoute {
  const g = route.globals;
  const [droneEnumValue, droneSubEnumValue] = modelNumbers(g.aircraftKey, '0') ?? [67, 1];
  const payload = modelNumbers(g.payloadKey, '1');
  const points = route.points.map((p, i) => toPoint(p, i));
  return {
    wpmzVersion: WRITTEN_WPMZ_VERSION,
    ...(author !== undefined && { author }),
    createTime: now,
    updateTime: now,
    mission: {
      flyToWaylineMode: 'safely',
      finishAction: g.finishAction,
      exitOnRCLost: g.exitOnRCLost,
      ...(g.exitOnRCLost === 'executeLostAction' && { executeRCLostAction: g.rcLostAction }),
      takeOffSecurityHeight: g.takeOffSecurityHeight,
      globalTransitionalSpeed: g.transitionalSpeed,
      droneEnumValue,
      droneSubEnumValue,
      ...(payload && { payloadEnumValue: payload[0], payloadPositionIndex: 0 }),
    },
    template: {
      type: 'waypoint',
      templateId: 0,
      autoFlightSpeed: g.autoFlightSpeed,
      heightMode: g.heightMode,
      extra: [['wpml:globalHeight', String(g.globalHeight)]],
    },
    paths: [
      {
        templateId: 0,
        waylineId: 0,
        autoFlightSpeed: g.autoFlightSpeed,
        executeHeightMode:
          g.heightMode === 'WGS84' || g.heightMode === 'EGM96' ? 'WGS84' : 'relativeToStartPoint',
        points: numberGroups(points, route.points),
      },
    ],
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

const num = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

/** The editor's action for a `wpml:action`, or undefined for one it does not model. */
function fromAction(a: WaylineAction): PointAction | undefined {
  switch (a.func) {
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return { kind: a.func };
    case 'hover':
      return { kind: 'hover', seconds: num(a.params.hoverTime, 1) };
    case 'rotateYaw':
      return { kind: 'rotateYaw', heading: num(a.params.aircraftHeading, 0) };
    case 'gimbalRotate':
      return { kind: 'gimbalRotate', pitch: num(a.params.gimbalPitchRotateAngle, 0) };
    case 'zoom':
      return { kind: 'zoom', factor: num(a.params.focalLength, WIDE_FOCAL_MM) / WIDE_FOCAL_MM };
    default:
      return undefined;
  }
}

function fromPoint(p: WaylinePoint): RoutePoint {
  const actions: PointAction[] = [];
  const foreign: WaylineAction[] = [];
  let photoEvery: number | undefined;
  for (const group of p.actionGroups) {
    const interval = group.trigger.type === 'multipleDistance';
    for (const a of group.actions) {
      if (interval && a.func === 'takePhoto') photoEvery = num(group.trigger.param, 0);
      else if (group.trigger.type !== 'reachPoint') continue;
      else {
        const known = fromAction(a);
        if (known) actions.push(known);
        else foreign.push(a);
      }
    }
  }
  return {
    id: newPointId(),
    lng: p.lng,
    lat: p.lat,
    height: p.height,
    speed: p.speed,
    headingMode: oneOf<HeadingMode>(HEADING_MODES, p.headingMode, 'followWayline'),
    headingAngle: p.headingAngle ?? 0,
    turnMode: oneOf<TurnMode>(TURN_MODES, p.turnMode, 'toPointAndStopWithDiscontinuityCurvature'),
    gimbalPitch: p.gimbalPitch ?? 0,
    actions,
    ...(photoEvery !== undefined && { photoEvery }),
    ...(foreign.length > 0 && { foreign }),
  };
}

/**
 * A stored route as the editor edits it: every wayline's points in flight order (a multi-wayline
 * file becomes one route), the globals from the mission and template.
 */
export function fromWaylineRoute(route: WaylineRoute): EditorRoute {
  const d = defaultGlobals();
  const m = route.mission;
  const points = route.paths.flatMap((path) => path.points.map(fromPoint));
  const extraHeight = route.template.extra.find(([k]) => k === 'wpml:globalHeight')?.[1];
  const globals: RouteGlobals = {
    autoFlightSpeed: route.template.autoFlightSpeed || d.autoFlightSpeed,
    globalHeight: num(extraHeight, points[0]?.height ?? d.globalHeight),
    takeOffSecurityHeight: m.takeOffSecurityHeight,
    transitionalSpeed: m.globalTransitionalSpeed,
    finishAction: oneOf(FINISH_ACTIONS, m.finishAction, d.finishAction),
    exitOnRCLost: oneOf(EXIT_ON_RC_LOST, m.exitOnRCLost, d.exitOnRCLost),
    rcLostAction: oneOf(RC_LOST_ACTIONS, m.executeRCLostAction, d.rcLostAction),
    aircraftKey: `0-${m.droneEnumValue}-${m.droneSubEnumValue}`,
    payloadKey: m.payloadEnumValue === undefined ? '' : `1-${m.payloadEnumValue}-0`,
    heightMode: route.template.heightMode || d.heightMode,
  };
  return { globals, points };
}
