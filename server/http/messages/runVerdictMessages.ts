import type { MessageTable } from './messageTable.ts';

/** A finished run's verdict (server/tasks/runVerdict.ts); `{cause}` is one of `run.cause.*`. */
export const runVerdictMessages = {
  'run.complete': ['已到全部 {total} 个航点', 'all {total} waypoints reached'],
  'run.returned_early': [
    '返航于航点 {reached} / {total}（{cause}）',
    'returned home at waypoint {reached} of {total} ({cause})',
  ],
  'run.stopped_early': [
    '中止于航点 {reached} / {total}（{cause}）',
    'stopped at waypoint {reached} of {total} ({cause})',
  ],
  'run.ended_early': ['仅到航点 {reached} / {total}', 'only reached waypoint {reached} of {total}'],
  'run.none_reached': ['未到达任何航点', 'no waypoint reached'],
  'run.no_waypoint': ['未到达任何航点（{cause}）', 'no waypoint reached ({cause})'],
  'run.waypoint_missed': [
    '航点 {index} 未到达：距航点最近 {distance}',
    'waypoint {index} not reached: closest {distance} away',
  ],
  'run.waypoint_missed_cause': [
    '航点 {index} 未到达：距航点最近 {distance}（{cause}）',
    'waypoint {index} not reached: closest {distance} away ({cause})',
  ],
  'run.photos_short': [
    '计划拍照 {planned} 张，实际 {taken} 张',
    '{planned} photos planned, {taken} taken',
  ],
  'run.dock_ended': [
    '已到全部 {total} 个航点，但{cause}',
    'all {total} waypoints reached, but {cause}',
  ],
  'run.distance_m': ['{value} 米', '{value} m'],
  'run.distance_km': ['{value} 公里', '{value} km'],
  'run.cause.user_rth': ['用户下令返航', 'return home ordered'],
  'run.cause.user_rth_by': ['{user} 下令返航', 'return home ordered by {user}'],
  'run.cause.user_stop': ['用户中止了航线', 'stopped by the user'],
  'run.cause.user_stop_by': ['{user} 中止了航线', 'stopped by {user}'],
  'run.cause.low_battery': ['电量低自动返航', 'low battery'],
  'run.cause.strong_wind': ['风力过大自动返航', 'strong wind'],
  'run.cause.rc_lost': ['遥控信号丢失', 'remote-control link lost'],
  'run.cause.obstacle': ['触发避障', 'obstacle sensed'],
  'run.cause.flight_limit': [
    '触及限高、限远或限飞区',
    'altitude, distance or no-fly limit reached',
  ],
  'run.cause.break_code': ['航线中断，原因码 {code}', 'wayline interrupted, reason {code}'],
  'run.cause.dock_failed': [
    '机场报告任务失败（错误码 {code}）',
    'the dock reported failure (code {code})',
  ],
  'run.cause.dock_partial': ['机场报告任务部分完成', 'the dock reported it partially done'],
  'run.cause.dock_timeout': ['机场报告任务超时', 'the dock reported a timeout'],
  'run.cause.canceled': ['任务被取消', 'the flight was canceled'],
} as const satisfies MessageTable;
