/**
 * The airspace runtime's broker client as the routes see it: a way to tell a dock its flight areas
 * changed. The runtime puts it in the app's `AirspaceState.link` while the gateway is open; without
 * one (a server started without the broker), the file is still rebuilt and the docks learn of it
 * when they next ask.
 */
export interface AirspaceLink {
  /** Publishes `flight_areas_update` on the dock's `services` topic. */
  update(dockSn: string): void;
}
