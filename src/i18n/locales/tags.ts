import { defineStrings } from '../define.ts';

export default defineStrings({
  'zh-CN': {
    refresh: '刷新',
    close: '关闭',
    closeOther: '关闭其他',
    closeLeft: '关闭左侧',
    closeRight: '关闭右侧',
    closeAll: '关闭全部',
    closeDirty: {
      title: '关闭有未保存修改的页面？',
      body: '修改会作为草稿保留在本浏览器中，再次打开该页面时可以恢复或放弃。',
      confirm: '关闭',
    },
  },
  en: {
    refresh: 'Refresh',
    close: 'Close',
    closeOther: 'Close other',
    closeLeft: 'Close left',
    closeRight: 'Close right',
    closeAll: 'Close all',
    closeDirty: {
      title: 'Close a page with unsaved edits?',
      body: 'The edits are kept as a draft in this browser; opening the page again offers to restore or discard them.',
      confirm: 'Close',
    },
  },
});
