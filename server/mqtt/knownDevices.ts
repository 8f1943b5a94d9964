/**
 * The registered devices as presence knows them, with the index of the devices each gateway holds
 * (the inverse of `Known.gatewaySn`): a fleet reconnecting at once sends a topology per gateway, and
 * a scan of every device for each would grow with the square of the fleet.
 */

export interface Known {
  domain: number;
  workspaceId: number;
  gatewaySn: string | null;
  online: boolean;
}

/** What presence keeps in memory about the registered devices. */
export interface KnownDevices {
  known: Map<string, Known>;
  /** The devices each gateway holds. */
  children: Map<string, Set<string>>;
  /** When each device was last heard, ms. */
  lastSeen: Map<string, number>;
}

/** An empty memory: nothing loaded yet. */
export const createKnownDevices = (): KnownDevices => ({
  known: new Map(),
  children: new Map(),
  lastSeen: new Map(),
});

/** Moves `sn` under `gatewaySn` in both `device` and the index. */
export function attachTo(
  { children }: KnownDevices,
  sn: string,
  device: Known,
  gatewaySn: string | null,
): void {
  if (device.gatewaySn === gatewaySn) return;
  if (device.gatewaySn !== null) children.get(device.gatewaySn)?.delete(sn);
  device.gatewaySn = gatewaySn;
  if (gatewaySn === null) return;
  let held = children.get(gatewaySn);
  if (held === undefined) children.set(gatewaySn, (held = new Set()));
  held.add(sn);
}

/** Drops `sn` (a deleted device) from the memory and the index. */
export function forget(devices: KnownDevices, sn: string): void {
  const device = devices.known.get(sn);
  if (device !== undefined) attachTo(devices, sn, device, null);
  devices.known.delete(sn);
}

/** The devices `known` says are under `gatewaySn` now. */
export const childrenOf = ({ children }: KnownDevices, gatewaySn: string): string[] => [
  ...(children.get(gatewaySn) ?? []),
];
