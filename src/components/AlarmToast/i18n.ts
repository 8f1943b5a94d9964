import { defineStrings } from '../../i18n/define.ts';

/** Strings of the live AI-alarm toast (namespace `alarmToast`). */
export default defineStrings({
  'zh-CN': {
    title: 'AI 告警：{{category}}',
    body: '{{device}} · 置信度 {{confidence}}%',
    gasTitle: '气体告警：{{category}}',
    open: '查看',
    soundOn: '告警提示音：开',
    soundOff: '告警提示音：关',
    unread: '{{n}} 条未读 AI 告警',
    more: '另有 {{count}} 条告警',
    moreHint: '点击查看全部告警',
  },
  en: {
    title: 'AI alarm: {{category}}',
    body: '{{device}} · confidence {{confidence}}%',
    gasTitle: 'Gas alarm: {{category}}',
    open: 'Open',
    soundOn: 'Alarm sound: on',
    soundOff: 'Alarm sound: off',
    unread: '{{n}} unread AI alarms',
    more: '{{count}} more alarms',
    moreHint: 'Open the alarm page to see them all',
  },
});
