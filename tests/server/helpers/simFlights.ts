import type { Envelope } from '../../../protocol/http.ts';
import { WAYLINE_API } from '../../../protocol/waylines.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import type { TestServer } from './testServer.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits in real time, checking every 20 ms, until `done` holds: for tests where a simulated dock
 * flies over a real broker, so virtual time alone cannot move it.
 */
export async function until(
  done: () => Promise<boolean>,
  what: string,
  tries = 500,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await done()) return;
    await pause(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Imports `kmz` as wayline `name` of `workspaceId` the way the console's upload does. */
export async function uploadWayline(
  server: TestServer,
  token: string,
  workspaceId: number,
  name: string,
  kmz: Uint8Array,
): Promise<Wayline> {
  const url = new URL(WAYLINE_API.upload, server.url);
  url.searchParams.set('workspace_id', String(workspaceId));
  url.searchParams.set('name', name);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: kmz,
  });
  return ((await response.json()) as Envelope<Wayline>).data;
}
