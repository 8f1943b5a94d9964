import { defineStrings } from '../../i18n/define.ts';

/** Strings of the devices page (namespace `devicePage`). */
export default defineStrings({
  'zh-CN': {
    title: '设备管理',
  },
  en: {
    title: 'Devices',
  },
});
