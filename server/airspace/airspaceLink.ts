/**
 * The airspace runtime's broker client as the routes see it: a way to tell a dock its flight areas
 * changed. Registered per database by the realtime extension; without one (a server started
 * without the broker), the file is still rebuilt and the docks learn of it when they next ask.
 */
import type { Db } from '../db/Db.ts';

export interface AirspaceLink {
  /** Publishes `flight_areas_update` on the dock's `services` topic. */
  update(dockSn: string): void;
}

const links = new WeakMap<Db, AirspaceLink>();

/** Registers (or, with null, removes) the link of `db`'s server. */
export function setAirspaceLink(db: Db, link: AirspaceLink | null): void {
  if (link) links.set(db, link);
  else links.delete(db);
}

/** The link of `db`'s server, if its broker is running. */
export function airspaceLinkOf(db: Db): AirspaceLink | undefined {
  return links.get(db);
}
