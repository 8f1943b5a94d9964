import type { WaylineFacts, WaylinePath, WaylineRoute } from '../../protocol/waylines.ts';
import { geodesicDistance } from './geodesic.ts';

/** Points a thumbnail needs at most; longer routes are thinned evenly, ends kept. */
const OUTLINE_POINTS = 200;

/** Horizontal length (m) and flying time (s) of one wayline. */
export function measure(path: WaylinePath): { length: number; seconds: number } {
  let length = 0;
  let seconds = 0;
  path.points.forEach((point, i) => {
    for (const group of point.actionGroups)
      for (const action of group.actions)
        if (action.func === 'hover') seconds += Number(action.params.hoverTime) || 0;
    const next = path.points[i + 1];
    if (!next) return;
    const flat = geodesicDistance(point.lng, point.lat, next.lng, next.lat);
    length += flat;
    // A segment is flown at the speed of the waypoint it leaves, climbing or sinking on the way.
    const speed = point.speed > 0 ? point.speed : path.autoFlightSpeed;
    seconds += Math.hypot(flat, next.height - point.height) / Math.max(speed, 0.1);
  });
  return { length, seconds };
}

function outline(route: WaylineRoute): [number, number][] {
  const all = route.paths.flatMap((p) => p.points.map((q): [number, number] => [q.lng, q.lat]));
  if (all.length <= OUTLINE_POINTS) return all;
  const step = (all.length - 1) / (OUTLINE_POINTS - 1);
  return Array.from({ length: OUTLINE_POINTS }, (_, i) => all[Math.round(i * step)] ?? [0, 0]);
}

/** The facts the library lists and searches by, computed from a route. */
export function waylineFacts(route: WaylineRoute): WaylineFacts {
  const totals = route.paths.map(measure);
  const { mission } = route;
  return {
    drone_model_key: `0-${mission.droneEnumValue}-${mission.droneSubEnumValue}`,
    payload_model_key:
      mission.payloadEnumValue === undefined ? '' : `1-${mission.payloadEnumValue}-0`,
    template_type: route.template.type,
    waypoint_count: route.paths.reduce((n, p) => n + p.points.length, 0),
    length_m: Math.round(totals.reduce((n, t) => n + t.length, 0) * 10) / 10,
    duration_s: Math.round(totals.reduce((n, t) => n + t.seconds, 0)),
    height_mode: route.template.heightMode,
    finish_action: mission.finishAction,
    wpmz_version: route.wpmzVersion,
    outline: outline(route),
  };
}
