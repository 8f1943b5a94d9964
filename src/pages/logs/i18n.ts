import { defineStrings } from '../../i18n/define.ts';

/** Strings of the logs page (namespace `logsPage`). */
export default defineStrings({
  'zh-CN': {
    title: '日志管理',
  },
  en: {
    title: 'Logs',
  },
});
