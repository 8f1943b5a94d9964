import { defineStrings } from '../../i18n/define.ts';

/** Strings of the projects page (namespace `workspacePage`). */
export default defineStrings({
  'zh-CN': {
    title: '项目管理',
  },
  en: {
    title: 'Projects',
  },
});
