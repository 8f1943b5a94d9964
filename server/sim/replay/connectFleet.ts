import { simSecret } from '../fleet.ts';
import type { UnitFrames } from './fleetFrames.ts';
import { connectRaw } from './rawClient.ts';
import type { RawClient } from './rawClient.ts';

/** Connections opened at once: a thousand simultaneous handshakes only measure the accept queue. */
const CONNECT_PARALLEL = 64;

/** How the replay signs in to the broker. */
export interface FleetLogin {
  host: string;
  port: number;
  /** One connection per dock with its own credentials, or `few` shared ones. */
  connections: 'per-device' | 'few';
  fewCount: number;
  /** Credentials of the shared connections (`few`). */
  username?: string;
  password?: string;
  /** Key of the docks' secrets (as `registerSimFleet` provisions them). */
  key: string;
}

/** The open connections, and the one each unit (by index) publishes on. */
export interface FleetConnections {
  clients: RawClient[];
  clientOf: RawClient[];
}

async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CONNECT_PARALLEL)
    out.push(...(await Promise.all(items.slice(i, i + CONNECT_PARALLEL).map(work))));
  return out;
}

/**
 * Opens the replay's connections a batch at a time, so the run measures the broker's message
 * path rather than its handshakes: one per dock, or a few shared round-robin by the units.
 */
export async function connectFleet(
  units: UnitFrames[],
  login: FleetLogin,
): Promise<FleetConnections> {
  const { host, port } = login;
  const clientOf: RawClient[] = [];
  const clients: RawClient[] = [];
  if (login.connections === 'few') {
    const pid = process.pid;
    const few = await inBatches(
      Array.from({ length: Math.max(1, login.fewCount) }, (_, i) => i),
      (i) =>
        connectRaw({
          host,
          port,
          clientId: `skydeck-replay-${pid}-${i}`,
          username: login.username,
          password: login.password,
        }),
    );
    clients.push(...few);
    units.forEach((_, i) => clientOf.push(few[i % few.length] as RawClient));
  } else {
    const own = await inBatches(units, (u) =>
      connectRaw({
        host,
        port,
        clientId: u.dockSn,
        username: u.dockSn,
        password: simSecret(u.dockSn, login.key),
      }),
    );
    clients.push(...own);
    clientOf.push(...own);
  }
  return { clients, clientOf };
}
