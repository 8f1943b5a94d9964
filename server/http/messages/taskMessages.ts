import type { MessageTable } from './messageTable.ts';

/** Flight tasks: what refuses creating, changing or sending one, and why a dock did not fly it. */
export const taskMessages = {
  'not_found.task': ['任务不存在', 'no such flight task'],
  'not_found.execution': ['任务执行记录不存在', 'no such task execution'],
  'task.dock_offline': ['机场离线', 'the dock is offline'],
  'task.dock_busy': ['机场正在执行其他任务', 'the dock is busy with another flight'],
  'task.battery_low': ['飞行器电量不足', 'the aircraft battery is too low'],
  'task.no_reply': ['机场未应答', 'the dock did not answer'],
  'task.device_error': [
    '机场拒绝了任务（错误码 {code}）',
    'the dock refused the task (code {code})',
  ],
  'task.dock_silent': [
    '机场长时间无响应，任务已超时',
    'the dock stopped answering; the flight timed out',
  ],
  'task.battery_below': [
    '飞行器电量不足：{battery}%，需要至少 {min}%',
    'the aircraft battery is too low: {battery}%, at least {min}% needed',
  ],
  'task.drc_held': [
    '飞手正在手动操控该飞行器：{user}',
    'a pilot is controlling this aircraft manually: {user}',
  ],
  'task.condition_unmet': [
    '执行窗口内条件未满足，任务已过期',
    'the conditions were not met within the window; the run expired',
  ],
  'task.undo_refused': [
    '机场拒绝撤回已下发的任务（错误码 {code}）',
    'the dock refused to withdraw the flight it holds (code {code})',
  ],
  'task.undo_no_reply': ['机场未应答撤回请求', 'the dock did not answer the withdrawal'],
  'task.canceled_undo_failed': ['任务已取消，但{what}', 'the task is canceled, but {what}'],
  'task.not_flying': ['该任务当前没有正在执行的飞行', 'this task has no flight in progress'],
  'task.engine_offline': ['任务引擎未运行', 'the task engine is not running'],
  'task.dock_busy_with': [
    '机场正在执行其他任务：“{what}”，请等它结束后再建立立即执行的任务',
    'the dock is busy with another flight: "{what}"; create the immediate task once it ends',
  ],
  'task.model_mismatch': [
    '航线适用于 {route}，但机场 {dock} 的飞行器是 {aircraft}',
    'the route is for {route} but dock {dock} carries {aircraft}',
  ],
  'task.model_unknown': [
    '航线的飞行器型号 {model} 未知，无法确认机场 {dock} 的飞行器能执行；须由有权限的用户确认（confirm_unknown_model）',
    "the route's aircraft model {model} is unknown, so it cannot be checked against dock {dock}'s aircraft; a user allowed to override must confirm it (confirm_unknown_model)",
  ],
  'task.model_override_forbidden': [
    '没有权限确认未知机型的航线',
    'you are not allowed to confirm a route of an unknown aircraft model',
  ],
  'task.out_of_range': [
    '航线第一个航点距机场 {dock} {distance} 公里，超出 {max} 公里的作业半径',
    "the route's first waypoint is {distance} km from dock {dock}, beyond the {max} km it may fly from its dock",
  ],
  'conflict.task_flying': ['任务正在飞行，无法删除', 'the task is flying and cannot be deleted'],
  'conflict.task_edit_flying': [
    '任务正在飞行，无法修改；请等待本次飞行结束',
    'the task is flying and cannot be changed; wait for the flight to end',
  ],
  'conflict.task_edit_sent': [
    '任务已下发到机场、等待执行，无法修改；请先取消任务',
    'the task has been sent to the dock and is waiting to fly; cancel it before changing it',
  ],
  'conflict.task_overlap': [
    '与同一机场的任务“{what}”时间重叠',
    'overlaps task "{what}" on the same dock',
  ],
  'conflict.task_past': ['{field}: 时间已过', '{field}: that time has passed'],
} as const satisfies MessageTable;
