import type { TFunction } from 'i18next';
import { MODELS } from '../../../protocol/mqtt/models.ts';

type T = TFunction<'wayline'>;

/** Metres under 1 km, kilometres with one decimal above. */
export function formatLength(t: T, metres: number): string {
  return metres < 1000
    ? t('units.metres', { value: Math.round(metres) })
    : t('units.kilometres', { value: (metres / 1000).toFixed(1) });
}

/** `3 min 05 s`, or seconds alone under a minute. */
export function formatDuration(t: T, seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m === 0
    ? t('units.seconds', { s })
    : t('units.minutes', { m, s: String(s).padStart(2, '0') });
}

/** The product name of a model key, or the key itself when it is not a known product. */
export function modelName(key: string): string {
  return MODELS[key] ?? key;
}

/** Aircraft products as search options (domain 0 of the model table). */
export function aircraftOptions(): { value: string; label: string }[] {
  return Object.entries(MODELS)
    .filter(([key]) => key.startsWith('0-'))
    .map(([value, label]) => ({ value, label }));
}
