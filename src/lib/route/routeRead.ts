/**
 * A stored route (`WaylineRoute`) as the editor edits it: each wayline on its own, the actions the
 * editor models as its own, every other action group kept to be written back, and a note of what
 * the editor cannot represent at all, shown before saving.
 */
import type {
  WaylineAction,
  WaylineActionGroup,
  WaylinePath,
  WaylineRoute,
} from '../../../protocol/waylines.ts';
import { readMappingArea } from './mappingTemplate.ts';
import { fromAction, num } from './routeActions.ts';
import type {
  EditorRoute,
  EditorWayline,
  HeadingMode,
  KeptGroup,
  LoadNote,
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

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((v) => v === value);

/** A group the editor shows as its own: actions at one point, run in order. */
const atPoint = (g: WaylineActionGroup) =>
  g.trigger.type === 'reachPoint' && g.startIndex === g.endIndex && g.mode === 'sequence';

/** Photos by distance along one leg: the editor's "photo every n m". */
const photosAlongLeg = (g: WaylineActionGroup) =>
  g.trigger.type === 'multipleDistance' &&
  g.endIndex === g.startIndex + 1 &&
  g.actions.length === 1 &&
  g.actions[0]?.func === 'takePhoto' &&
  num(g.trigger.param, 0) > 0;

/** The points of one wayline; `w` numbers it (from 1) in the notes. */
function readWayline(path: WaylinePath, w: number, notes: LoadNote[]): EditorWayline {
  const points: RoutePoint[] = path.points.map((p, n) => {
    const headingMode = oneOf<HeadingMode>(HEADING_MODES, p.headingMode);
    const turnMode = oneOf<TurnMode>(TURN_MODES, p.turnMode);
    if (!headingMode)
      notes.push({ kind: 'heading', wayline: w, point: n + 1, mode: p.headingMode });
    if (!turnMode) notes.push({ kind: 'turn', wayline: w, point: n + 1, mode: p.turnMode });
    return {
      id: newPointId(),
      lng: p.lng,
      lat: p.lat,
      height: p.height,
      speed: p.speed,
      headingMode: headingMode ?? 'followWayline',
      headingAngle: p.headingAngle ?? 0,
      turnMode: turnMode ?? 'toPointAndStopWithDiscontinuityCurvature',
      gimbalPitch: p.gimbalPitch ?? 0,
      actions: [],
    };
  });
  // `wpml:index` → position; a group belongs to the point it starts at and ends at another.
  const position = new Map(path.points.map((p, i) => [p.index, i]));
  path.points.forEach((placemark, at) => {
    for (const group of placemark.actionGroups) {
      const start = points[position.get(group.startIndex) ?? at];
      if (!start) continue;
      if (atPoint(group)) {
        const actions: PointAction[] = [];
        const foreign: WaylineAction[] = [];
        for (const a of group.actions) {
          const known = fromAction(a);
          if (known) actions.push(known);
          else foreign.push(a);
        }
        start.actions = [...start.actions, ...actions];
        if (foreign.length > 0) start.foreign = [...(start.foreign ?? []), ...foreign];
      } else if (photosAlongLeg(group) && start.photoEvery === undefined) {
        start.photoEvery = num(group.trigger.param, 0);
      } else {
        const until = points[position.get(group.endIndex) ?? -1];
        // An end the file does not have keeps the group at its own point only.
        const kept: KeptGroup = {
          group: { mode: group.mode, trigger: group.trigger, actions: group.actions },
          untilId: (until ?? start).id,
        };
        start.kept = [...(start.kept ?? []), kept];
      }
    }
  });
  return { waylineId: path.waylineId, points };
}

/**
 * A stored route as the editor edits it: every wayline apart, in flight order, the globals from the
 * mission and template. A mapping2d template comes back as its area and settings.
 */
export function fromWaylineRoute(route: WaylineRoute): EditorRoute {
  const d = defaultGlobals();
  const m = route.mission;
  const notes: LoadNote[] = [];
  const waylines = route.paths.map((path, i) => readWayline(path, i + 1, notes));
  const extra = route.template.extra;
  const extraHeight = extra.find(([k]) => k === 'wpml:globalHeight')?.[1];
  const first = waylines[0]?.points[0];
  const payloadKey = m.payloadEnumValue === undefined ? '' : `1-${m.payloadEnumValue}-0`;
  const globals: RouteGlobals = {
    autoFlightSpeed: route.template.autoFlightSpeed || d.autoFlightSpeed,
    globalHeight: num(extraHeight, first?.height ?? d.globalHeight),
    takeOffSecurityHeight: m.takeOffSecurityHeight,
    transitionalSpeed: m.globalTransitionalSpeed,
    finishAction: oneOf(FINISH_ACTIONS, m.finishAction) ?? d.finishAction,
    exitOnRCLost: oneOf(EXIT_ON_RC_LOST, m.exitOnRCLost) ?? d.exitOnRCLost,
    rcLostAction: oneOf(RC_LOST_ACTIONS, m.executeRCLostAction ?? '') ?? d.rcLostAction,
    aircraftKey: `0-${m.droneEnumValue}-${m.droneSubEnumValue}`,
    payloadKey,
    heightMode: route.template.heightMode || d.heightMode,
  };
  const mapping = readMappingArea(route.template, payloadKey);
  const type = route.template.type;
  // mapping3d and mappingStrip templates cannot be written back: they save as waypoint routes.
  const keepsTemplate = type === 'waypoint' || mapping !== undefined;
  if (!keepsTemplate) notes.unshift({ kind: 'template', type });
  return {
    globals,
    waylines: waylines.length > 0 ? waylines : [{ waylineId: 0, points: [] }],
    active: 0,
    ...(mapping && { mapping }),
    ...(keepsTemplate && extra.length > 0 && { templateExtra: extra }),
    ...(notes.length > 0 && { notes }),
  };
}
