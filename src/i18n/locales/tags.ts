import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    refresh: '刷新',
    close: '关闭',
    closeOther: '关闭其他',
    closeLeft: '关闭左侧',
    closeRight: '关闭右侧',
    closeAll: '关闭全部',
  },
  en: {
    refresh: 'Refresh',
    close: 'Close',
    closeOther: 'Close other',
    closeLeft: 'Close left',
    closeRight: 'Close right',
    closeAll: 'Close all',
  },
});
