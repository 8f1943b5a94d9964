/**
 * What the built-in simulator lends the rest of the server. The composition root builds it once from
 * the simulator (`server/sim/simulatorHooks.ts`) and hands it to features through their deps, so no
 * feature imports the simulator: for a real device none of it is ever used.
 */

/** The scene of a simulated detection: where the aircraft was and what its camera saw. */
export interface SnapshotScene {
  lat: number;
  lon: number;
  /** Above ground, m. */
  heightM: number;
  yawDeg: number;
  time: number;
  category: string;
  /** Normalised box, each 0–1 from the top-left corner. */
  box: { x: number; y: number; w: number; h: number };
  label: string;
}

export interface SimulatorHooks {
  /** Serial numbers of the aircraft the built-in simulator flies (none when it is off). */
  aircraftSns: readonly string[];
  /**
   * Draws the picture of a detection a simulated aircraft reported with a scene instead of an
   * uploaded snapshot (a simulator in another process has no storage of its own to upload to).
   */
  renderSnapshot: (scene: SnapshotScene) => Promise<Uint8Array>;
  /** Test-only: extra latency on one simulated dock's `drc/up`, ms (0 removes it). */
  setDrcExtraDelay: (dockSn: string, ms: number) => void;
}
