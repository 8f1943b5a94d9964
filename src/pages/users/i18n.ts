import { defineStrings } from '../../i18n/define.ts';

/** Strings of the users page (namespace `usersPage`). */
export default defineStrings({
  'zh-CN': {
    title: '用户管理',
  },
  en: {
    title: 'Users',
  },
});
