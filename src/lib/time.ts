import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Reads a time value; a 10-digit timestamp is in seconds (spec §9), a longer one in milliseconds. */
export function toDayjs(value: string | number | Date): Dayjs {
  if (typeof value === 'number' || /^\d+$/.test(String(value))) {
    const n = Number(value);
    return String(Math.trunc(Math.abs(n))).length === 10 ? dayjs.unix(n) : dayjs(n);
  }
  return dayjs(value);
}

/** Formats a time value as `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD` with `dateOnly`); '' when empty. */
export function formatTime(
  value: string | number | Date | null | undefined,
  dateOnly = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDayjs(value);
  return d.isValid() ? d.format(dateOnly ? DATE_FORMAT : DATETIME_FORMAT) : '';
}
