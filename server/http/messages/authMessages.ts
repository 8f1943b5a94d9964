import type { MessageTable } from './messageTable.ts';

/** Signing in, sessions and passwords. */
export const authMessages = {
  'auth.bad_credentials': ['用户名或密码错误', 'Wrong username or password'],
  'auth.disabled': [
    '账号已停用，请联系管理员',
    'This account is disabled; contact an administrator',
  ],
  'auth.throttled': [
    '登录失败次数过多，请 {seconds} 秒后再试',
    'Too many failed sign-ins; try again in {seconds} s',
  ],
  'auth.password_throttled': [
    '密码错误次数过多，请 {seconds} 秒后再试',
    'too many wrong passwords; try again in {seconds} s',
  ],
  'auth.required': ['请先登录', 'please sign in'],
  'auth.expired': ['登录已过期，请重新登录', 'your session has expired; please sign in again'],
  'auth.refresh_reused': [
    '登录凭证已被使用，请重新登录',
    'this sign-in was already used; please sign in again',
  ],
  'auth.wrong_password': ['密码错误', 'wrong password'],
} as const satisfies MessageTable;
