import { defineStrings } from './define.ts';

/**
 * A dock's `mode_code` in words, for every page that shows a dock's state (the workbench and the
 * devices page), so the two never name one state differently.
 */
export const dockModeNames = defineStrings({
  'zh-CN': {
    idle: '空闲',
    onsite_debug: '现场调试',
    remote_debug: '远程调试',
    upgrading: '固件升级中',
    working: '作业中',
    awaiting_calibration: '待标定',
    unknown: '未知（{{code}}）',
  },
  en: {
    idle: 'Idle',
    onsite_debug: 'On-site debugging',
    remote_debug: 'Remote debugging',
    upgrading: 'Upgrading firmware',
    working: 'Working',
    awaiting_calibration: 'Awaiting calibration',
    unknown: 'Unknown ({{code}})',
  },
});
