import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    unknownError: '未知错误',
    serverError: '服务器错误',
    ok: '确定',
    cancel: '取消',
    save: '保存',
    loading: '加载中…',
    unnamed: '未命名',
    passwordRule: '密码长度为 6 到 12 个字符',
    building: {
      title: '功能建设中',
      description: '「{{page}}」页面将在后续版本中提供。',
    },
  },
  en: {
    unknownError: 'Unknown error',
    serverError: 'Server error',
    ok: 'OK',
    cancel: 'Cancel',
    save: 'Save',
    loading: 'Loading…',
    unnamed: 'Unnamed',
    passwordRule: 'The password is 6 to 12 characters',
    building: {
      title: 'Being built',
      description: 'The “{{page}}” page arrives in a later release.',
    },
  },
});
