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
