/** Turns the logs table's search into the list and export calls' query. */
import dayjs from 'dayjs';
import type { Query } from '../../api/createClient.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';

/** The range's ends are local wall-clock times; sent as instants so the server's zone does not matter. */
const INSTANTS: ReadonlySet<string> = new Set(['from', 'to']);

/** The filters of `q` without paging: what an export of "the current filter" sends. */
export function logFilters(q: TableQuery): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q)) {
    if (key === 'current' || key === 'size') continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    query[key] = INSTANTS.has(key) ? dayjs(value).toISOString() : value;
  }
  return query;
}

/** The list call's query: the filters plus the page. */
export const logListQuery = (q: TableQuery): Query => ({
  ...logFilters(q),
  current: q.current,
  size: q.size,
});
