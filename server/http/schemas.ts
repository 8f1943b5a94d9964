import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/passwords.ts';

// Query strings carry numbers as text. Unlike `z.coerce`, this leaves a missing value undefined, so
// the error says "required" rather than "not a number".
const numberFromText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** Largest value of a PostgreSQL `integer` column: every id and integer filter stays within it. */
export const INT4_MAX = 2_147_483_647;

/** The range of dates a filter may name; PostgreSQL refuses far-out years with an error. */
export const EARLIEST_DATE = new Date('1970-01-01T00:00:00.000Z');
export const LATEST_DATE = new Date('9999-12-31T23:59:59.999Z');

/** A number read from a query string or a JSON body. */
export function numeric<T extends z.ZodType>(schema: T) {
  return z.preprocess(numberFromText, schema);
}

/** `current` (1-based) and `size` of a paged list (spec §7 "Table data"; default page size 10). */
export const paging = {
  current: numeric(z.number().int().min(1).max(INT4_MAX)).default(1),
  size: numeric(z.number().int().min(1).max(1000)).default(10),
};

/** A positive integer id, from a query string or a JSON body. */
export const id = numeric(z.number().int().min(1).max(INT4_MAX));

/** An optional id in a query string, where an empty value means "not given". */
export const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : numberFromText(v)),
  z.number().int().min(1).max(INT4_MAX).optional(),
);

/** An optional non-negative integer in a query string (`domain=0` is a real value). */
export const optionalInt = z.preprocess(
  (v) => (v === '' ? undefined : numberFromText(v)),
  z.number().int().min(0).max(INT4_MAX).optional(),
);

/** An optional text filter; empty means "not given". */
export const optionalText = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().max(200).optional(),
);

/** A query-string boolean: `true`/`false`/`1`/`0`; empty means "not given". */
export const optionalFlag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v === 'true' || v === '1' || v === true),
  z.boolean().optional(),
);

/** An optional date/time bound in a query string (ISO or `YYYY-MM-DD HH:mm:ss`). */
export const optionalTime = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.date().min(EARLIEST_DATE).max(LATEST_DATE).optional(),
);

/** A new password under the console's rule. */
export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** A required, trimmed name. */
export const name = (max = 64) => z.string().trim().min(1).max(max);

/** Offset of a page. */
export function offset(page: { current: number; size: number }): number {
  return (page.current - 1) * page.size;
}
