/**
 * Reads a field error out of a refused save. The server names the field at the start of a 400's
 * message (`name: required`, server/http/errorHandler.ts); when that field is one the form shows,
 * its error goes under the field instead of only into a toast.
 */
import { ApiError } from '../../api/ApiError.ts';

/** Field → message for the fields the server refused. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The form's fields a 400 may name: a list when the names are the server's, else server → form. */
export type ServerFields<F extends string> = readonly F[] | Readonly<Record<string, F>>;

const FIELD_PREFIX = /^([A-Za-z_][\w.]*):\s*(.+)$/s;

/** The field error a failed save carries, or an empty map when it names none of `fields`. */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: ServerFields<F>,
): FieldErrors<F> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const match = FIELD_PREFIX.exec(error.message);
  const field = match?.[1];
  const text = match?.[2];
  if (field === undefined || text === undefined) return {};
  const known = isList(fields)
    ? fields.find((f) => f === field)
    : Object.hasOwn(fields, field)
      ? fields[field]
      : undefined;
  return known === undefined ? {} : ({ [known]: text } as FieldErrors<F>);
}

function isList<F extends string>(fields: ServerFields<F>): fields is readonly F[] {
  return Array.isArray(fields);
}
