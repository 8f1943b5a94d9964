import { defineStrings } from '../../i18n/define.ts';

/** Strings of the menus page (namespace `menuPage`). */
export default defineStrings({
  'zh-CN': {
    title: '菜单管理',
  },
  en: {
    title: 'Menus',
  },
});
