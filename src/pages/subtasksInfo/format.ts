import type { TFunction } from 'i18next';

type T = TFunction<'subtasksInfo'>;

/** Seconds in words ("12 min 5 s"); a dash when unknown. */
export function durationWords(t: T, seconds: number | null): string {
  if (seconds === null) return t('none');
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? t('minutes', { m: Math.floor(s / 60), s: s % 60 }) : t('seconds', { s });
}

/** Metres in words: metres below 1 km, kilometres with two decimals above. */
export function distanceWords(t: T, metres: number): string {
  return metres >= 1000
    ? t('kilometres', { value: (metres / 1000).toFixed(2) })
    : t('metres', { value: Math.round(metres) });
}
