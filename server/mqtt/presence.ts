/**
 * Online state of registered devices: kept in memory per message (cheap), written to `devices` only
 * when it changes and on a periodic sweep (`last_online_at`, 60 s without `osd` → offline).
 */
import type { Db } from '../db/Db.ts';
import { SILENT_NOTIFIER, type Notifier } from '../notifications/Notifier.ts';
import { attachTo, childrenOf, createKnownDevices } from './knownDevices.ts';
import { loadKnownDevices } from './loadKnownDevices.ts';
import { markOfflineNoted, markOnlineNoted } from './presenceHistory.ts';

/** The protocol demo's rule: no `osd` for 60 s means the device is gone (protocol §3.2). */
export const OFFLINE_AFTER_MS = 60_000;

export interface Presence {
  /** Re-reads the registered devices (new ones, topology changed elsewhere); `at` is the clock now. */
  load(at: number): Promise<void>;
  /** Domain of a registered device; undefined for anything else. */
  domainOf(sn: string): number | undefined;
  /** Whether `sn` is online as far as this server knows (memory, not the database). */
  isOnline(sn: string): boolean;
  /** Records a message from `sn`; true when this brings the device online. */
  seen(sn: string, at: number): boolean;
  markOnline(sns: string[], at: number): Promise<void>;
  /** A gateway announced its children (`update_topo`): they go online under it, the rest offline. */
  topology(gatewaySn: string, children: string[], at: number): Promise<void>;
  /** A gateway's broker connection ended: it and its children are offline. */
  disconnected(gatewaySn: string): Promise<void>;
  /** Writes `last_online_at` of devices heard since the last sweep and turns quiet ones offline. */
  sweep(at: number): Promise<void>;
}

/**
 * Creates the presence tracker over `db`. Its memory of the devices lives in knownDevices.ts and is
 * re-read from the database by loadKnownDevices.ts.
 */
export function createPresence(
  db: Db,
  offlineAfterMs = OFFLINE_AFTER_MS,
  notifier: Notifier = SILENT_NOTIFIER,
): Presence {
  const devices = createKnownDevices();
  const { known, lastSeen } = devices;
  let heard = new Set<string>();

  async function setOffline(sns: string[]): Promise<void> {
    if (sns.length === 0) return;
    const lastHeard = sns.map((sn) => lastSeen.get(sn) ?? null);
    for (const sn of sns) {
      const device = known.get(sn);
      if (device?.online) notifier.notify({ kind: 'device_offline', deviceSn: sn });
      if (device) device.online = false;
      lastSeen.delete(sn);
    }
    await markOfflineNoted(db, sns, lastHeard);
  }

  const presence: Presence = {
    load: (at) => loadKnownDevices(db, devices, at),
    domainOf: (sn) => known.get(sn)?.domain,
    isOnline: (sn) => known.get(sn)?.online === true,
    seen(sn, at) {
      const device = known.get(sn);
      if (!device) return false;
      lastSeen.set(sn, at);
      heard.add(sn);
      if (device.online) return false;
      device.online = true;
      return true;
    },
    async markOnline(sns, at) {
      if (sns.length === 0) return;
      await markOnlineNoted(db, sns, at);
    },
    async topology(gatewaySn, announced, at) {
      const gateway = known.get(gatewaySn);
      if (!gateway) return;
      // Only devices of the gateway's own project can be attached to it.
      const attach = announced.filter((sn) => known.get(sn)?.workspaceId === gateway.workspaceId);
      const attached = new Set(attach);
      const detached = childrenOf(devices, gatewaySn).filter((sn) => !attached.has(sn));
      for (const sn of [gatewaySn, ...attach]) presence.seen(sn, at);
      for (const sn of attach) {
        const child = known.get(sn);
        if (child !== undefined) attachTo(devices, sn, child, gatewaySn);
      }
      await db.query('update devices set gateway_sn = $1 where device_sn = any($2)', [
        gatewaySn,
        attach,
      ]);
      await presence.markOnline([gatewaySn, ...attach], at);
      await setOffline(detached);
    },
    async disconnected(gatewaySn) {
      const family = new Set(childrenOf(devices, gatewaySn));
      if (known.has(gatewaySn)) family.add(gatewaySn);
      await setOffline([...family]);
    },
    async sweep(at) {
      const recent = [...heard].filter((sn) => known.get(sn)?.online);
      heard = new Set();
      if (recent.length > 0)
        await db.query('update devices set last_online_at = $2 where device_sn = any($1)', [
          recent,
          new Date(at),
        ]);
      const quiet = [...lastSeen].filter(([, t]) => at - t >= offlineAfterMs).map(([sn]) => sn);
      await setOffline(quiet);
      await presence.load(at);
    },
  };
  return presence;
}
