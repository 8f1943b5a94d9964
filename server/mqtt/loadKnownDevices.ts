import type { Db } from '../db/Db.ts';
import { attachTo, forget } from './knownDevices.ts';
import type { KnownDevices } from './knownDevices.ts';

/**
 * Brings presence's memory in step with the registered devices (new ones, deleted ones, topology
 * changed elsewhere); `at` is the clock now.
 */
export async function loadKnownDevices(db: Db, devices: KnownDevices, at: number): Promise<void> {
  const { known, lastSeen } = devices;
  const rows = await db.query<{
    device_sn: string;
    domain: number;
    workspace_id: number;
    gateway_sn: string | null;
    online: boolean;
  }>('select device_sn, domain, workspace_id, gateway_sn, online from devices');
  // A deleted device is forgotten: its messages count as unknown from now on.
  const registered = new Set(rows.map((r) => r.device_sn));
  for (const sn of [...known.keys()]) if (!registered.has(sn)) forget(devices, sn);
  for (const r of rows) {
    let device = known.get(r.device_sn);
    if (device === undefined) {
      device = {
        domain: r.domain,
        workspaceId: r.workspace_id,
        gatewaySn: null,
        online: r.online,
      };
      known.set(r.device_sn, device);
    }
    device.domain = r.domain;
    device.workspaceId = r.workspace_id;
    attachTo(devices, r.device_sn, device, r.gateway_sn);
    const online = device.online;
    // Online in the database from an earlier run: give it the full grace period to speak up.
    if (online && !lastSeen.has(r.device_sn)) lastSeen.set(r.device_sn, at);
  }
}
