import type { Query } from '../../api/createClient.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';

/** The table's query as the list call's query: its plain values only (ranges are already split). */
export function plainQuery(q: TableQuery): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[key] = value;
  return query;
}
