/**
 * The audit log's vocabulary: the module, action and result names the server writes, and the words
 * both the logs page and the CSV export show for them. One table, so the page and the file agree.
 */
import { FAILURE_WORDS, failureWords } from './auditFailures.ts';
import type { FailureWords } from './auditFailures.ts';

export const LOG_MODULES = [
  'auth',
  'device',
  'log',
  'menu',
  'role',
  'user',
  'workspace',
  'wayline',
  'task',
  'media',
  'video',
  'aralm',
  'drc',
  'feature',
  'linxiu',
  'model',
  'notification',
  'airspace',
] as const;
export const LOG_ACTIONS = [
  'add',
  'edit',
  'del',
  'update',
  'export',
  'login',
  'refresh',
  'menus',
  'profile',
  'changePassword',
  'resetPassword',
  'checkPassword',
  // Flight tasks, cockpit and video: the protocol method a command sent is its action.
  'dispatch',
  'timeout',
  'cancel',
  'pause',
  'resume',
  'layout',
  'flighttask_prepare',
  'flighttask_execute',
  'flighttask_undo',
  'flighttask_pause',
  'flighttask_recovery',
  'return_home',
  'return_home_cancel',
  'takeoff_to_point',
  'fly_to_point',
  'fly_to_point_update',
  'fly_to_point_stop',
  'drone_emergency_stop',
  'stick_control',
  'drc_mode_enter',
  'drc_mode_exit',
  'flight_authority_grab',
  'payload_authority_grab',
  'camera_mode_switch',
  'camera_photo_take',
  'camera_recording_start',
  'camera_recording_stop',
  'camera_focal_length_set',
  'gimbal_reset',
  'live_start_push',
  'live_stop_push',
  'live_set_quality',
  'live_lens_change',
  'ai_model_deploy',
  // Notification channels: a test message sent through one.
  'test',
  // Airspace: areas read from a file, and a dock told again to fetch its areas.
  'import',
  'resync',
] as const;
export const LOG_RESULTS = ['success', 'failure'] as const;

export type LogModule = (typeof LOG_MODULES)[number];
export type LogAction = (typeof LOG_ACTIONS)[number];
export type LogResult = (typeof LOG_RESULTS)[number];
/**
 * Fixed request summaries the server writes for refusals (sign-in, own password, permissions), and
 * the key of their words (the summaries hold dots and colons, which translation keys cannot).
 */
export const LOG_DETAILS = {
  'auth.bad_credentials': 'badCredentials',
  'auth.disabled': 'disabled',
  throttled: 'throttled',
  forbidden: 'forbidden',
  'wrong old password': 'wrongOldPassword',
  'reused refresh token: family revoked': 'refreshReused',
} as const;
export type LogDetail = (typeof LOG_DETAILS)[keyof typeof LOG_DETAILS];

/** The word key of a fixed request summary, or undefined for any other. */
export const detailKey = (detail: string): LogDetail | undefined =>
  Object.hasOwn(LOG_DETAILS, detail) ? LOG_DETAILS[detail as keyof typeof LOG_DETAILS] : undefined;

/** The row count in the log export's own summary (`12 rows`), or undefined. */
export const exportedRows = (detail: string): string | undefined =>
  /^(\d+) rows$/.exec(detail)?.[1];

/** The columns of the logs table and of its CSV export. */
export type LogColumn =
  'id' | 'time' | 'user' | 'module' | 'action' | 'target' | 'ip' | 'result' | 'detail';

export interface AuditWords {
  columns: Record<LogColumn, string>;
  modules: Record<LogModule, string>;
  actions: Record<LogAction, string>;
  results: Record<LogResult, string>;
  details: Record<LogDetail, string>;
  /** Refusals recorded by message key (see auditFailures.ts). */
  failures: FailureWords;
  /** The log export's own summary, `{{n}}` rows written. */
  exportedRows: string;
}

export const AUDIT_WORDS: { 'zh-CN': AuditWords; en: AuditWords } = {
  'zh-CN': {
    columns: {
      id: '编号',
      time: '时间',
      user: '用户',
      module: '模块',
      action: '操作',
      target: '对象',
      ip: 'IP 地址',
      result: '结果',
      detail: '详情',
    },
    modules: {
      auth: '登录认证',
      device: '设备',
      log: '日志',
      menu: '菜单',
      role: '角色',
      user: '用户',
      workspace: '项目',
      wayline: '航线',
      task: '飞行任务',
      media: '媒体资源',
      video: '视频',
      aralm: 'AI 告警',
      model: 'AI 模型',
      drc: '虚拟座舱',
      feature: '特征点',
      linxiu: '嗅觉感知',
      notification: '通知',
      airspace: '空域',
    },
    actions: {
      add: '新增',
      edit: '编辑',
      del: '删除',
      update: '更新',
      export: '导出',
      login: '登录',
      refresh: '刷新令牌',
      menus: '分配菜单',
      profile: '修改资料',
      changePassword: '修改密码',
      resetPassword: '重置密码',
      checkPassword: '核对密码',
      dispatch: '下发任务',
      timeout: '超时',
      cancel: '取消',
      pause: '暂停',
      resume: '恢复',
      layout: '保存布局',
      flighttask_prepare: '下发航线任务',
      flighttask_execute: '执行航线任务',
      flighttask_undo: '取消航线任务',
      flighttask_pause: '暂停航线',
      flighttask_recovery: '恢复航线',
      return_home: '一键返航',
      return_home_cancel: '取消返航',
      takeoff_to_point: '一键起飞',
      fly_to_point: '指点飞行',
      fly_to_point_update: '更新指点目标',
      fly_to_point_stop: '结束指点飞行',
      drone_emergency_stop: '紧急停止',
      stick_control: '杆量控制',
      drc_mode_enter: '进入指令飞行',
      drc_mode_exit: '退出指令飞行',
      flight_authority_grab: '获取飞行控制权',
      payload_authority_grab: '获取负载控制权',
      camera_mode_switch: '切换相机模式',
      camera_photo_take: '拍照',
      camera_recording_start: '开始录像',
      camera_recording_stop: '停止录像',
      camera_focal_length_set: '设置变焦',
      gimbal_reset: '云台回中',
      live_start_push: '开始直播',
      live_stop_push: '停止直播',
      live_set_quality: '设置直播清晰度',
      live_lens_change: '切换直播镜头',
      ai_model_deploy: '部署 AI 模型',
      test: '发送测试',
      import: '导入',
      resync: '重新同步',
    },
    results: { success: '成功', failure: '失败' },
    details: {
      badCredentials: '用户名或密码错误',
      disabled: '账号已停用',
      throttled: '失败次数过多，暂时锁定',
      forbidden: '没有权限',
      wrongOldPassword: '原密码错误',
      refreshReused: '登录凭证被重复使用，该登录已失效',
    },
    exportedRows: '{{n}} 条',
    failures: FAILURE_WORDS['zh-CN'],
  },
  en: {
    columns: {
      id: 'No.',
      time: 'Time',
      user: 'User',
      module: 'Module',
      action: 'Action',
      target: 'Target',
      ip: 'IP address',
      result: 'Result',
      detail: 'Details',
    },
    modules: {
      auth: 'Sign-in',
      device: 'Devices',
      log: 'Logs',
      menu: 'Menus',
      role: 'Roles',
      user: 'Users',
      workspace: 'Projects',
      wayline: 'Waylines',
      task: 'Flight tasks',
      media: 'Media',
      video: 'Video',
      aralm: 'AI alarms',
      model: 'AI models',
      drc: 'Virtual cockpit',
      feature: 'Feature points',
      linxiu: 'Smell sensing',
      notification: 'Notifications',
      airspace: 'Airspace',
    },
    actions: {
      add: 'Add',
      edit: 'Edit',
      del: 'Delete',
      update: 'Update',
      export: 'Export',
      login: 'Sign in',
      refresh: 'Refresh token',
      menus: 'Assign menus',
      profile: 'Edit profile',
      changePassword: 'Change password',
      resetPassword: 'Reset password',
      checkPassword: 'Check password',
      dispatch: 'Dispatch',
      timeout: 'Time-out',
      cancel: 'Cancel',
      pause: 'Pause',
      resume: 'Resume',
      layout: 'Save layout',
      flighttask_prepare: 'Send flight task',
      flighttask_execute: 'Start flight task',
      flighttask_undo: 'Cancel flight task',
      flighttask_pause: 'Pause route',
      flighttask_recovery: 'Resume route',
      return_home: 'Return home',
      return_home_cancel: 'Cancel return home',
      takeoff_to_point: 'One-key take-off',
      fly_to_point: 'Fly to point',
      fly_to_point_update: 'Update fly-to target',
      fly_to_point_stop: 'Stop fly-to',
      drone_emergency_stop: 'Emergency stop',
      stick_control: 'Stick control',
      drc_mode_enter: 'Enter remote control',
      drc_mode_exit: 'Leave remote control',
      flight_authority_grab: 'Take flight authority',
      payload_authority_grab: 'Take payload authority',
      camera_mode_switch: 'Switch camera mode',
      camera_photo_take: 'Take photo',
      camera_recording_start: 'Start recording',
      camera_recording_stop: 'Stop recording',
      camera_focal_length_set: 'Set zoom',
      gimbal_reset: 'Reset gimbal',
      live_start_push: 'Start live video',
      live_stop_push: 'Stop live video',
      live_set_quality: 'Set video quality',
      live_lens_change: 'Switch lens',
      ai_model_deploy: 'Deploy AI model',
      test: 'Send test',
      import: 'Import',
      resync: 'Sync again',
    },
    results: { success: 'Success', failure: 'Failure' },
    details: {
      badCredentials: 'Wrong username or password',
      disabled: 'Account disabled',
      throttled: 'Too many failures; temporarily locked',
      forbidden: 'No permission',
      wrongOldPassword: 'Wrong old password',
      refreshReused: 'A used sign-in token came back; that sign-in was ended',
    },
    exportedRows: '{{n}} rows',
    failures: FAILURE_WORDS.en,
  },
};

/** True when `value` is one of `list` (a newer server may log names an older console does not know). */
export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The word for a module or action name in `words`; a name not in the table is shown as written. */
export function logWord(words: AuditWords, kind: 'module' | 'action', name: string): string {
  if (kind === 'module') return isOneOf(LOG_MODULES, name) ? words.modules[name] : name;
  return isOneOf(LOG_ACTIONS, name) ? words.actions[name] : name;
}

/** An entry's request summary in words when it is one of the fixed ones; otherwise as written. */
export function detailWords(words: AuditWords, detail: string): string {
  const key = detailKey(detail);
  if (key !== undefined) return words.details[key];
  const failure = failureWords(words.failures, detail);
  if (failure !== undefined) return failure;
  const rows = exportedRows(detail);
  return rows === undefined ? detail : words.exportedRows.replace('{{n}}', rows);
}

/**
 * How an entry's target reads: its name as it was at the time, followed by its key when the key
 * says something more (a serial number, not a bare row id).
 */
export function targetLabel(entry: { target: string; target_name: string }): string {
  const name = entry.target_name === '' ? entry.target : entry.target_name;
  const key = entry.target;
  return key === '' || key === name || /^\d+$/.test(key) ? name : `${name} (${key})`;
}
