import type { MessageTable } from './messageTable.ts';

/**
 * The administration screens (users, roles, menus, workspaces, devices) and what blocks deleting
 * their records.
 */
export const adminMessages = {
  'not_found.user': ['用户不存在', 'no such user'],
  'not_found.role': ['角色不存在', 'no such role'],
  'not_found.menu': ['菜单不存在', 'no such menu'],
  'not_found.workspace': ['项目不存在', 'no such workspace'],
  'not_found.device': ['设备不存在', 'no such device'],
  // Worded the same whether the name is in the caller's workspace or another one they cannot see.
  'conflict.username': [
    '用户名 {value} 不可用，请换一个',
    'username {value} is not available; choose another',
  ],
  'conflict.device_sn': [
    '设备序列号 {value} 无法登记，请核对序列号',
    'device serial number {value} cannot be registered; check the serial number',
  ],
  'conflict.role_name': ['角色名 {value} 已存在', 'role name {value} already exists'],
  'conflict.workspace_name': [
    '同级已有名为 {value} 的项目',
    'a project named {value} already exists at this level',
  ],
  'conflict.role_in_use': [
    '该角色仍有 {count} 个用户，无法删除',
    'the role still has {count} user(s) and cannot be deleted',
  ],
  'conflict.workspace_not_empty': [
    '项目仍有内容，无法删除：{what}',
    'the workspace is not empty and cannot be deleted: {what}',
  ],
  'conflict.children': ['{count} 个子项目', '{count} child workspace(s)'],
  'conflict.users': ['{count} 个用户', '{count} user(s)'],
  'conflict.devices': ['{count} 台设备', '{count} device(s)'],
  'conflict.roles': ['{count} 个角色', '{count} role(s)'],
  'conflict.waylines': ['{count} 条航线', '{count} wayline(s)'],
  'conflict.tasks': ['{count} 个飞行任务', '{count} flight task(s)'],
  'conflict.self': [
    '不能删除、停用自己的账号或更改自己的角色与项目',
    'you cannot delete or disable your own account, or change its role or workspace',
  ],
  'conflict.menu_parent': ['上级菜单不能是它自己或它的下级', 'a menu cannot sit under itself'],
  'conflict.root_workspace': [
    '不能删除或移动你所在的项目',
    'you cannot delete or move your own workspace',
  ],
} as const satisfies MessageTable;
