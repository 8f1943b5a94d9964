import type { MessageTable } from './messageTable.ts';

/** Answers any route can give: success, generic refusals, request limits and field validation. */
export const commonMessages = {
  ok: ['成功', 'success'],
  forbidden: ['没有权限', 'no permission'],
  not_found: ['未找到', 'not found'],
  'not_found.route': ['接口不存在', 'no such API route'],
  'conflict.duplicate': ['记录已存在', 'it already exists'],
  'validation.required': ['{field}: 必填', '{field}: required'],
  'validation.invalid': ['{field}: 格式不正确', '{field}: invalid value'],
  'validation.nul': ['{field}: 不能包含空字符', '{field}: must not contain a NUL character'],
  'validation.too_small': ['{field}: 不能小于 {min}', '{field}: must be at least {min}'],
  'validation.too_big': ['{field}: 不能大于 {max}', '{field}: must be at most {max}'],
  'validation.password': [
    '{field}: 密码长度为 {min} 到 {max} 位',
    '{field}: a password has {min} to {max} characters',
  ],
  too_large: ['请求内容过大', 'request too large'],
  'too_large.headers': ['请求地址或请求头过长', 'request address or headers too long'],
  too_many: ['请求过于频繁，请稍后再试', 'too many requests; try again later'],
  server_error: ['服务器错误', 'server error'],
} as const satisfies MessageTable;
