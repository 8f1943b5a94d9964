import type { TFunction } from 'i18next';

/** Seconds between two instants in words; empty when either is missing. */
export function durationText(
  t: TFunction<'taskInfo'>,
  start: string | null,
  end: string | null,
): string {
  if (start === null || end === null) return t('none');
  const s = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000));
  return s >= 60 ? t('minutes', { m: Math.floor(s / 60), s: s % 60 }) : t('seconds', { s });
}
