import type { WaylineActionGroup, WaylinePoint } from '../../protocol/waylines.ts';
import { branch, leaf, type XNode } from './xmlWriter.ts';

/** `wpml:actionGroup` elements of a waypoint (protocol §6.5). */
export function actionGroupNodes(groups: readonly WaylineActionGroup[]): XNode[] {
  return groups.map((g) =>
    branch('wpml:actionGroup', [
      leaf('wpml:actionGroupId', g.id),
      leaf('wpml:actionGroupStartIndex', g.startIndex),
      leaf('wpml:actionGroupEndIndex', g.endIndex),
      leaf('wpml:actionGroupMode', g.mode),
      branch('wpml:actionTrigger', [
        leaf('wpml:actionTriggerType', g.trigger.type),
        leaf('wpml:actionTriggerParam', g.trigger.param),
      ]),
      ...g.actions.map((a) =>
        branch('wpml:action', [
          leaf('wpml:actionId', a.id),
          leaf('wpml:actionActuatorFunc', a.func),
          branch(
            'wpml:actionActuatorFuncParam',
            Object.entries(a.params).map(([name, value]) => leaf(`wpml:${name}`, value)),
          ),
        ]),
      ),
    ]),
  );
}

/** Heading and turn of a waypoint, shared by both files. */
function motionNodes(p: WaylinePoint): XNode[] {
  return [
    branch('wpml:waypointHeadingParam', [
      leaf('wpml:waypointHeadingMode', p.headingMode),
      leaf('wpml:waypointHeadingAngle', p.headingAngle),
      leaf('wpml:waypointPoiPoint', '0.000000,0.000000,0.000000'),
      leaf('wpml:waypointHeadingAngleEnable', p.headingAngle === undefined ? 0 : 1),
      leaf('wpml:waypointHeadingPathMode', 'followBadArc'),
    ]),
    branch('wpml:waypointTurnParam', [
      leaf('wpml:waypointTurnMode', p.turnMode),
      leaf('wpml:waypointTurnDampingDist', p.turnDampingDist),
    ]),
  ];
}

function point(p: WaylinePoint): XNode {
  return branch('Point', [leaf('coordinates', `${p.lng},${p.lat}`)]);
}

/** A waypoint of waylines.wpml (protocol §6.4): what the aircraft executes. */
export function executionPlacemark(p: WaylinePoint): XNode {
  return branch('Placemark', [
    point(p),
    leaf('wpml:index', p.index),
    leaf('wpml:executeHeight', p.height),
    leaf('wpml:waypointSpeed', p.speed),
    ...motionNodes(p),
    leaf('wpml:useStraightLine', p.useStraightLine),
    ...actionGroupNodes(p.actionGroups),
    p.gimbalPitch === undefined
      ? null
      : branch('wpml:waypointGimbalHeadingParam', [
          leaf('wpml:waypointGimbalPitchAngle', p.gimbalPitch),
          leaf('wpml:waypointGimbalYawAngle', 0),
        ]),
  ]);
}

/** A waypoint of a waypoint template: every setting its own, none taken from the globals. */
export function templatePlacemark(p: WaylinePoint): XNode {
  return branch('Placemark', [
    point(p),
    leaf('wpml:index', p.index),
    leaf('wpml:useGlobalHeight', 0),
    leaf('wpml:ellipsoidHeight', p.height),
    leaf('wpml:height', p.height),
    leaf('wpml:useGlobalSpeed', 0),
    leaf('wpml:waypointSpeed', p.speed),
    leaf('wpml:useGlobalHeadingParam', 0),
    leaf('wpml:useGlobalTurnParam', 0),
    ...motionNodes(p),
    leaf('wpml:useStraightLine', p.useStraightLine),
    leaf('wpml:gimbalPitchAngle', p.gimbalPitch),
    ...actionGroupNodes(p.actionGroups),
  ]);
}
