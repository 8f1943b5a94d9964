/**
 * The broker credentials handed to docks in `drc_mode_enter`, while their DRC session lasts. The
 * broker (server/mqtt/brokerAuth.ts) accepts a connection with them only while the grant is here and
 * unexpired, and re-checks it on every message, so ending the session voids the credentials at once.
 * Process-wide like drcHolders.ts, for the same reason: the broker's rules are pure functions that
 * cannot be handed a per-app service; each grant names the service that owns it.
 *
 * A dock may hold two grants for a while: a session renewed before its credentials expire hands the
 * dock new ones, and the earlier ones keep working until their own expiry, so the dock's DRC link
 * never has a moment without valid credentials (drcService.ts).
 */

export interface DrcGrant {
  dockSn: string;
  username: string;
  clientId: string;
  password: string;
  /** When the credentials stop working, ms. */
  expiresAt: number;
  /** The service that issued it (one per app). */
  owner: object;
}

/** Keyed by username (one per dock): the broker looks grants up by what a connection signs in with. */
const grants = new Map<string, DrcGrant[]>();

const sameCredentials = (a: DrcGrant, b: DrcGrant): boolean =>
  a.username === b.username && a.password === b.password && a.expiresAt === b.expiresAt;

function dropDock(dockSn: string, keep: (g: DrcGrant) => boolean): void {
  for (const [username, list] of grants) {
    const left = list.filter((g) => g.dockSn !== dockSn || keep(g));
    if (left.length === 0) grants.delete(username);
    else if (left.length !== list.length) grants.set(username, left);
  }
}

/**
 * Records `grant` as the dock's only credentials, voiding earlier ones (a new session). Granting the
 * same credentials again by the same service keeps the grant, so a dock that connected with them
 * meanwhile stays connected.
 */
export function grantDrcBroker(grant: DrcGrant): void {
  const [only, ...more] = grants.get(grant.username) ?? [];
  if (only && more.length === 0 && sameCredentials(only, grant) && only.owner === grant.owner)
    return;
  dropDock(grant.dockSn, () => false);
  grants.set(grant.username, [grant]);
}

/**
 * Adds `grant` beside the dock's unexpired credentials at `now` (a renewal, or another instance's
 * session seen in the database). Credentials already granted, by any service, are kept as they are.
 */
export function addDrcGrant(grant: DrcGrant, now: number): void {
  const list = (grants.get(grant.username) ?? []).filter((g) => g.expiresAt > now);
  if (list.some((g) => sameCredentials(g, grant))) {
    grants.set(grant.username, list);
    return;
  }
  grants.set(grant.username, [...list, grant]);
}

/** Voids the credentials of `dockSn` that `owner` issued. */
export function revokeDrcBroker(dockSn: string, owner: object): void {
  dropDock(dockSn, (g) => g.owner !== owner);
}

/** The newest grant signed in with as `username`, if any. */
export function drcGrantFor(username: string): DrcGrant | undefined {
  return grants.get(username)?.reduce((a, b) => (b.expiresAt > a.expiresAt ? b : a));
}

/** Every grant of `username` (the broker compares the password itself, in constant time). */
export function drcGrantsFor(username: string): readonly DrcGrant[] {
  return grants.get(username) ?? [];
}

/** The newest grant of `dockSn`, if any. */
export function drcGrantOf(dockSn: string): DrcGrant | undefined {
  let newest: DrcGrant | undefined;
  for (const list of grants.values())
    for (const g of list)
      if (g.dockSn === dockSn && (!newest || g.expiresAt > newest.expiresAt)) newest = g;
  return newest;
}

/** Whether `grant` is still one of its dock's grants and unexpired at `now` (ms). */
export function isLiveGrant(grant: DrcGrant, now: number): boolean {
  return (grants.get(grant.username)?.includes(grant) ?? false) && now < grant.expiresAt;
}

/** The docks with a grant `owner` issued. */
export function docksGrantedBy(owner: object): Set<string> {
  const docks = new Set<string>();
  for (const list of grants.values())
    for (const g of list) if (g.owner === owner) docks.add(g.dockSn);
  return docks;
}
