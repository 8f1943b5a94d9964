/** What the task suites start from: a route uploaded by the operator and one online dock with its aircraft. */
import type { Envelope } from '../../../protocol/http.ts';
import { WAYLINE_API } from '../../../protocol/waylines.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import type { Seeded } from './accounts.ts';
import type { TestServer } from './testServer.ts';

/** Uploads `kmz` as `name` into the operator's project, through the API as the console would. */
export async function uploadRoute(
  server: TestServer,
  s: Seeded,
  name: string,
  kmz: Uint8Array,
): Promise<Wayline> {
  const url = new URL(WAYLINE_API.upload, server.url);
  url.searchParams.set('workspace_id', String(s.home));
  url.searchParams.set('name', name);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.operator}`,
      'content-type': 'application/octet-stream',
    },
    body: kmz,
  });
  return ((await response.json()) as Envelope<Wayline>).data;
}

/**
 * Registers `dock` online in the operator's project, holding the aircraft `drone`: a DJI Dock
 * (3-1-0) with a Matrice 30T (0-67-1), the aircraft the waypoint-actions fixture route is planned
 * for, since a task whose route is for another aircraft than its dock's is refused.
 */
export async function addDockWithDrone(
  server: TestServer,
  s: Seeded,
  dock: string,
  drone: string,
): Promise<void> {
  await server.handle.db.query(
    `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn, online)
     values ($1, 'dock', 3, 1, 0, $3, null, true), ($2, 'drone', 0, 67, 1, $3, $1, true)`,
    [dock, drone, s.home],
  );
}
