/**
 * Between the editor's model and the server's parsed KMZ (`WaylineRoute`, protocol/waylines.ts): the
 * server writes a KMZ from the latter with its own writer, and reads one back into it for editing.
 * Each wayline stays its own `Folder`; a mapping route saves as a mapping2d template.
 */
import type {
  WaylineActionGroup,
  WaylinePoint,
  WaylineRoute,
  WaylineTemplate,
} from '../../../protocol/waylines.ts';
import { mappingExtra } from './mappingTemplate.ts';
import { actionParams, PHOTO_PARAMS } from './routeActions.ts';
import type { EditorRoute, RoutePoint } from './routeModel.ts';

export { fromWaylineRoute } from './routeRead.ts';

/** WPML version this editor writes (what FlightHub 2 exports today). */
export const WRITTEN_WPMZ_VERSION = '1.0.6';

const GLOBAL_HEIGHT = 'wpml:globalHeight';

/**
 * The action groups of point `p` at `index`: its modelled actions at the point, its photos by
 * distance to the next point, and the groups kept from a file, from here to the point they end at.
 * A kept group whose end point is gone or now lies before it is left out (`saveLosses` names it).
 */
function actionGroups(
  p: RoutePoint,
  index: number,
  last: number,
  position: ReadonlyMap<string, number>,
): Omit<WaylineActionGroup, 'id'>[] {
  const groups: Omit<WaylineActionGroup, 'id'>[] = [];
  const actions = [
    ...p.actions.map((a) => ({ id: 0, func: a.kind, params: actionParams(a) })),
    ...(p.foreign ?? []),
  ].map((a, id) => ({ ...a, id }));
  if (actions.length > 0)
    groups.push({
      startIndex: index,
      endIndex: index,
      mode: 'sequence',
      trigger: { type: 'reachPoint' },
      actions,
    });
  if (p.photoEvery !== undefined && p.photoEvery > 0 && index < last)
    groups.push({
      startIndex: index,
      endIndex: index + 1,
      mode: 'sequence',
      trigger: { type: 'multipleDistance', param: String(Math.round(p.photoEvery * 10) / 10) },
      actions: [{ id: 0, func: 'takePhoto', params: { ...PHOTO_PARAMS } }],
    });
  for (const kept of p.kept ?? []) {
    const end = position.get(kept.untilId);
    if (end !== undefined && end >= index)
      groups.push({ ...kept.group, startIndex: index, endIndex: end });
  }
  return groups;
}

function toPoint(p: RoutePoint, index: number): Omit<WaylinePoint, 'actionGroups'> {
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
  };
}

/** One wayline's points; `wpml:actionGroupId` counts from 0 in each wayline, as it must be unique there. */
function writePoints(points: readonly RoutePoint[]): WaylinePoint[] {
  const position = new Map(points.map((p, i) => [p.id, i]));
  let groupId = 0;
  return points.map((p, i) => ({
    ...toPoint(p, i),
    actionGroups: actionGroups(p, i, points.length - 1, position).map((g) => ({
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

/** The template: mapping2d with its area for a mapping route, else waypoint with the kept settings. */
function template(route: EditorRoute): WaylineTemplate {
  const g = route.globals;
  const kept = route.templateExtra ?? [];
  if (route.mapping)
    return {
      type: 'mapping2d',
      templateId: 0,
      autoFlightSpeed: route.mapping.settings.speed,
      heightMode: g.heightMode,
      extra: mappingExtra(route.mapping, kept),
      polygon: route.mapping.ring.map(([lng, lat]): [number, number] => [lng, lat]),
      ...(route.mapping.holes &&
        route.mapping.holes.length > 0 && {
          holes: route.mapping.holes.map((h) =>
            h.map(([lng, lat]): [number, number] => [lng, lat]),
          ),
        }),
    };
  const height = String(g.globalHeight);
  const hasHeight = kept.some(([path]) => path === GLOBAL_HEIGHT);
  return {
    type: 'waypoint',
    templateId: 0,
    autoFlightSpeed: g.autoFlightSpeed,
    heightMode: g.heightMode,
    extra: hasHeight
      ? kept.map(([path, value]): [string, string] => [
          path,
          path === GLOBAL_HEIGHT ? height : value,
        ])
      : [[GLOBAL_HEIGHT, height], ...kept],
  };
}

/**
 * The route as the server's writer takes it; `now` stamps the file (ms). A wayline without points
 * is left out (`saveLosses` names it), so each written `Folder` has at least one.
 */
export function toWaylineRoute(route: EditorRoute, now: number, author?: string): WaylineRoute {
  const g = route.globals;
  const [droneEnumValue, droneSubEnumValue] = modelNumbers(g.aircraftKey, '0') ?? [67, 1];
  const payload = modelNumbers(g.payloadKey, '1');
  const executeHeightMode =
    g.heightMode === 'WGS84' || g.heightMode === 'EGM96' ? 'WGS84' : 'relativeToStartPoint';
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
    template: template(route),
    paths: route.waylines
      .filter((w) => w.points.length > 0)
      .map((w, i) => ({
        // A mapping template generates all its waylines; waypoint waylines each have their own.
        templateId: route.mapping ? 0 : i,
        waylineId: w.waylineId,
        autoFlightSpeed: g.autoFlightSpeed,
        executeHeightMode,
        points: writePoints(w.points),
      })),
  };
}
