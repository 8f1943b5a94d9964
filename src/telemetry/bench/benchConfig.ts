/** What the browser benchmark (bench/e2e/browserSection.ts) tells its page before any script runs. */
export interface BenchPageConfig {
  /**
   * `map`: the console's worker and store with the workbench map drawing; `data`: the same without
   * a map (the data path alone); `naive`: MQTT and JSON.parse on the main thread, one reactive store
   * update per message, no worker (the baseline).
   */
  mode: 'map' | 'data' | 'naive';
  /** The broker's WebSocket address. */
  ws: string;
  /** Serial numbers of the aircraft the load generator publishes for. */
  sns: string[];
}

declare global {
  /** Set by the benchmark's init script; not an API for the app. */
  var __benchConfig: BenchPageConfig | undefined;
  /** Messages the naive page handled (the worker counts its own). */
  var __naiveMessages: number | undefined;
}
