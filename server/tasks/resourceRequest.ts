import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { REQUEST_FAILED } from '../../protocol/mqtt/requests.ts';

/**
 * Answers a dock's `flighttask_resource_get` {flight_id} with `file` {url, fingerprint}: a signed,
 * expiring link to the KMZ and its MD5. Only the dock the flight was sent to gets an answer.
 */
export function registerResourceRequest(
  requests: RequestRegistry,
  db: Db,
  fileUrl: (flightId: string) => string,
): void {
  requests.register('flighttask_resource_get', async ({ gatewaySn, data }) => {
    const flightId = typeof data.flight_id === 'string' ? data.flight_id : '';
    const row = await queryOne<{ md5: string }>(
      db,
      `select w.md5 from flight_task_executions x
       join flight_tasks t on t.id = x.task_id join waylines w on w.id = t.wayline_id
       where x.flight_id = $1 and x.dock_sn = $2`,
      [flightId, gatewaySn],
    );
    if (!row) return { result: REQUEST_FAILED };
    return { result: 0, output: { file: { url: fileUrl(flightId), fingerprint: row.md5 } } };
  });
}
