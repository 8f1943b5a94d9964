import type { MessageTable } from './messageTable.ts';

/** Remote control (DRC) of an aircraft: who holds it and why a dock refused it. */
export const drcMessages = {
  'drc.held_by': ['{username} 正在操控该飞行器', '{username} is flying this aircraft'],
  'drc.dock_offline': [
    '机场离线，无法进入远程控制',
    'the dock is offline; remote control is unavailable',
  ],
  'drc.dock_busy': ['机场正忙：{what}', 'the dock is busy: {what}'],
  'drc.task_running': ['任务“{task}”正在执行', 'task "{task}" is running'],
  'drc.not_holder': ['您未持有该飞行器的控制权', 'you do not hold control of this aircraft'],
  'drc.no_aircraft': ['机场内没有飞行器', 'the dock has no aircraft'],
  'drc.refused': [
    '机场拒绝进入远程控制（错误码 {code}）',
    'the dock refused remote control (code {code})',
  ],
  'drc.no_reply': ['机场未应答', 'the dock did not answer'],
  'drc.link_down': ['远程控制服务未连接', 'the remote-control service is not connected'],
} as const satisfies MessageTable;
