/**
 * The server's one message catalogue: every `msg` a user can read, in Chinese (the default) and
 * English (when `Accept-Language` prefers it). `{name}` placeholders are filled from `params`.
 */
const CATALOGUE = {
  ok: ['成功', 'success'],
  'auth.bad_credentials': ['用户名或密码错误', 'wrong username or password'],
  'auth.disabled': [
    '账号已停用，请联系管理员',
    'this account is disabled; contact an administrator',
  ],
  'auth.throttled': [
    '登录失败次数过多，请 {seconds} 秒后再试',
    'too many failed sign-ins; try again in {seconds} s',
  ],
  'auth.required': ['请先登录', 'please sign in'],
  'auth.expired': ['登录已过期，请重新登录', 'your session has expired; please sign in again'],
  'auth.refresh_reused': [
    '登录凭证已被使用，请重新登录',
    'this sign-in was already used; please sign in again',
  ],
  'auth.wrong_password': ['密码错误', 'wrong password'],
  forbidden: ['没有权限', 'no permission'],
  not_found: ['未找到', 'not found'],
  'not_found.route': ['接口不存在', 'no such API route'],
  'not_found.user': ['用户不存在', 'no such user'],
  'not_found.role': ['角色不存在', 'no such role'],
  'not_found.menu': ['菜单不存在', 'no such menu'],
  'not_found.workspace': ['项目不存在', 'no such workspace'],
  'not_found.device': ['设备不存在', 'no such device'],
  'conflict.username': ['用户名 {value} 已存在', 'username {value} is already taken'],
  'conflict.device_sn': [
    '设备序列号 {value} 已存在',
    'device serial number {value} already exists',
  ],
  'conflict.role_name': ['角色名 {value} 已存在', 'role name {value} already exists'],
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
  'conflict.duplicate': ['记录已存在', 'it already exists'],
  'conflict.self': [
    '不能删除、停用自己的账号或更改自己的角色与项目',
    'you cannot delete or disable your own account, or change its role or workspace',
  ],
  'conflict.menu_parent': ['上级菜单不能是它自己或它的下级', 'a menu cannot sit under itself'],
  'conflict.root_workspace': [
    '不能删除或移动你所在的项目',
    'you cannot delete or move your own workspace',
  ],
  'validation.required': ['{field}: 必填', '{field}: required'],
  'validation.invalid': ['{field}: 格式不正确', '{field}: invalid value'],
  'validation.too_small': ['{field}: 不能小于 {min}', '{field}: must be at least {min}'],
  'validation.too_big': ['{field}: 不能大于 {max}', '{field}: must be at most {max}'],
  'validation.password': [
    '{field}: 密码长度为 {min} 到 {max} 位',
    '{field}: a password has {min} to {max} characters',
  ],
  too_large: ['请求内容过大', 'request too large'],
  too_many: ['请求过于频繁，请稍后再试', 'too many requests; try again later'],
  server_error: ['服务器错误', 'server error'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof CATALOGUE;
export type Lang = 'zh' | 'en';
export type MessageParams = Readonly<Record<string, string | number>>;

/** `en` when the `Accept-Language` header ranks an English tag above every Chinese one. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().toLowerCase().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag.startsWith('en') || entry.tag.startsWith('zh'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('en') ? 'en' : 'zh';
}

/** The message `key` in `lang` with its placeholders filled. */
export function message(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template = CATALOGUE[key][lang === 'en' ? 1 : 0];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
