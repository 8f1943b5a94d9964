import type { SearchField, SearchModel, SearchValue, TableQuery } from './types.ts';

/** Spec §9: 10 rows by default, and these page sizes on offer. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;

/** True for a value that asks for nothing: empty text, no pick, an unset range. */
export function isEmptyValue(value: SearchValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every((v) => v === null || v === '');
  return false;
}

/** True when no field of the model holds a value (reset then has nothing to do). */
export function isModelEmpty(model: SearchModel): boolean {
  return Object.values(model).every(isEmptyValue);
}

function isRange(field: SearchField | undefined): boolean {
  return field?.type === 'daterange' || field?.type === 'datetimerange';
}

/** The request's query: page, size and every non-empty field, ranges split when they map to two. */
export function toQuery(
  fields: readonly SearchField[],
  model: SearchModel,
  current: number,
  size: number,
): TableQuery {
  const query: TableQuery = { current, size };
  for (const [name, value] of Object.entries(model)) {
    if (isEmptyValue(value)) continue;
    const field = fields.find((f) => f.name === name);
    if (isRange(field) && field?.rangeNames && Array.isArray(value)) {
      const [startName, endName] = field.rangeNames;
      if (value[0]) query[startName] = value[0];
      if (value[1]) query[endName] = value[1];
    } else {
      query[name] = value;
    }
  }
  return query;
}

/** The number of the last page (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
