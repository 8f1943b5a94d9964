import { defineStrings } from '../../i18n/define.ts';

/** Strings of the "open in replay" links (namespace `openInReplay`). */
export default defineStrings({
  'zh-CN': {
    label: '在回放中查看',
    moment: '在回放中打开此刻（前后 10 分钟）',
    recent: '在回放中查看此设备最近 1 小时',
    run: '在回放中查看这次飞行（前后各 1 分钟）',
  },
  en: {
    label: 'Open in replay',
    moment: 'Open this moment in the replay (10 minutes either side)',
    recent: 'Replay this device’s last hour',
    run: 'Open this flight in the replay (a minute either side)',
  },
});
