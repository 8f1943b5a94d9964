import type { MessageTable } from './messageTable.ts';

/** The replay window: what refuses a time window or a device. */
export const replayMessages = {
  'replay.instant': [
    '{field}: 须为带时区的 ISO 8601 时间（如 2026-01-01T14:32:00+08:00）或毫秒时间戳，且在 2000 至 2100 年之间',
    '{field}: must be an ISO 8601 time with its zone (e.g. 2026-01-01T14:32:00+08:00) or epoch milliseconds, between 2000 and 2100',
  ],
  'replay.window_order': [
    '{field}: 结束时间须晚于开始时间',
    '{field}: the end must be after the start',
  ],
  'replay.window_too_long': [
    '{field}: 时间窗口最长 {days} 天',
    '{field}: a window spans at most {days} days',
  ],
  'replay.unknown_device': [
    '{field}: 所选项目中没有设备 {sn}',
    '{field}: there is no device {sn} in the chosen projects',
  ],
} as const satisfies MessageTable;
