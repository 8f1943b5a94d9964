/** Turns the devices table's search into the device list call's query. */
import type { Query } from '../../api/createClient.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';

/**
 * Keeps the plain values of the table query. Without a project filter the list asks for every
 * device the caller may see (`all`), which is what an administration page is for.
 */
export function deviceListQuery(q: TableQuery): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      query[key] = value;
    }
  }
  if (query.workspace_id === undefined) query.all = true;
  return query;
}
