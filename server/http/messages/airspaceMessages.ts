import type { MessageTable } from './messageTable.ts';

/** Airspace areas (no-fly and operation areas), their import, and routes checked against them. */
export const airspaceMessages = {
  'not_found.airspace': ['空域区域不存在', 'no such airspace area'],
  'airspace.out_of_range': [
    '{field}: 坐标超出范围（经度 -180 至 180，纬度 -90 至 90）',
    '{field}: position out of range (longitude -180 to 180, latitude -90 to 90)',
  ],
  'airspace.too_many_vertices': [
    '{field}: 多边形顶点过多（{count} 个），最多 {max} 个',
    '{field}: too many vertices ({count}); at most {max}',
  ],
  'airspace.too_few_vertices': [
    '{field}: 多边形至少需要 {min} 个不同的顶点',
    '{field}: a polygon needs at least {min} different vertices',
  ],
  'airspace.unclosed_ring': [
    '{field}: 多边形未闭合（最后一个坐标须与第一个相同）',
    '{field}: the ring is not closed (its last position must repeat the first)',
  ],
  'airspace.self_intersecting': [
    '{field}: 多边形自相交（在 {lng}, {lat} 附近）',
    '{field}: the polygon crosses itself (near {lng}, {lat})',
  ],
  'airspace.radius': [
    '{field}: 半径须在 {min} 到 {max} 米之间',
    '{field}: the radius must be between {min} and {max} m',
  ],
  'airspace.import_unreadable': [
    '{field}: 无法读取文件（须为 GeoJSON 或 KML）',
    '{field}: the file cannot be read (it must be GeoJSON or KML)',
  ],
  'airspace.import_empty': [
    '{field}: 文件中没有多边形或圆形区域',
    '{field}: the file holds no polygon or circle',
  ],
  'airspace.import_too_many': [
    '{field}: 文件中的区域超过 {max} 个',
    '{field}: the file holds more than {max} areas',
  ],
  'airspace.waypoint_in_no_fly': [
    '第 {index} 个航点位于禁飞区「{name}」内',
    'waypoint {index} is inside the no-fly area "{name}"',
  ],
  'airspace.leg_in_no_fly': [
    '航点 {from} 至 {to} 的航段穿越禁飞区「{name}」',
    'the leg from waypoint {from} to {to} crosses the no-fly area "{name}"',
  ],
  'airspace.waypoint_outside_operation': [
    '第 {index} 个航点位于作业区之外',
    'waypoint {index} is outside the operation areas',
  ],
  'airspace.leg_outside_operation': [
    '航点 {from} 至 {to} 的航段飞出作业区',
    'the leg from waypoint {from} to {to} leaves the operation areas',
  ],
  'airspace.route_in_no_fly': [
    '航线进入禁飞区「{name}」（共 {count} 处）',
    'the route enters the no-fly area "{name}" ({count} place(s))',
  ],
  'airspace.route_outside_operation': [
    '航线飞出作业区（共 {count} 处）',
    'the route leaves the operation areas ({count} place(s))',
  ],
  'task.airspace_refused': [
    '航线与项目空域冲突：{what}；须由有权限的用户确认越过（override_airspace）',
    "the route conflicts with the project's airspace: {what}; a user allowed to override must confirm it (override_airspace)",
  ],
  'task.airspace_override_forbidden': [
    '没有权限确认飞入禁飞区或飞出作业区的航线',
    'you are not allowed to confirm a route into a no-fly area or out of the operation areas',
  ],
  'task.airspace_no_fly': [
    '航线进入禁飞区「{name}」（航点 {waypoints} 附近），且未经有权限的用户确认越过，未下发',
    'the route enters the no-fly area "{name}" (near waypoint(s) {waypoints}) and no override was recorded for it; the run was not sent',
  ],
  'task.airspace_outside_operation': [
    '航线飞出作业区「{name}」（航点 {waypoints} 附近），且未经有权限的用户确认越过，未下发',
    'the route leaves the operation area "{name}" (near waypoint(s) {waypoints}) and no override was recorded for it; the run was not sent',
  ],
} as const satisfies MessageTable;
