/** The modules and actions the server writes to the audit log (`server/http/**` `audit(...)` calls). */
export const LOG_MODULES = ['auth', 'device', 'log', 'menu', 'role', 'user', 'workspace'] as const;
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
] as const;
export const LOG_RESULTS = ['success', 'failure'] as const;

export type LogModule = (typeof LOG_MODULES)[number];
export type LogAction = (typeof LOG_ACTIONS)[number];

/** True when `value` is one of `list` (a newer server may log names this console does not know). */
export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);
