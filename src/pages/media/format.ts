import type { TFunction } from 'i18next';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count in the largest unit that keeps it at or above 1 (1 KB = 1024 B), e.g. `2.4 MB`. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit] ?? 'B'}`;
}

/** Metres with one decimal, or '' when the file does not carry the value. */
export function formatMetres(t: TFunction<'media'>, value: number | null): string {
  return value === null ? '—' : t('units.metres', { value: value.toFixed(1) });
}

/** Degrees with one decimal, or ''. */
export function formatDegrees(t: TFunction<'media'>, value: number | null): string {
  return value === null ? '—' : t('units.degrees', { value: value.toFixed(1) });
}

/** `lat, lon` with six decimals (about 0.1 m), or '' without a position. */
export function formatPosition(lat: number | null, lon: number | null): string {
  return lat === null || lon === null ? '—' : `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
}
