import { defineStrings } from '../../i18n/define.ts';

/** Strings of the roles page (namespace `rolePage`). */
export default defineStrings({
  'zh-CN': {
    title: '角色管理',
  },
  en: {
    title: 'Roles',
  },
});
