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
  },
});
