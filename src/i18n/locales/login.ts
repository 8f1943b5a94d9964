import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    title: '登录',
    welcome: '欢迎使用',
    username: '用户名',
    password: '密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    submit: '登录',
    submitting: '登录中…',
  },
  en: {
    title: 'Sign in',
    welcome: 'Welcome to',
    username: 'Username',
    password: 'Password',
    usernameRequired: 'Please input username',
    passwordRequired: 'Please input password',
    submit: 'Sign in',
    submitting: 'Signing in…',
  },
});
