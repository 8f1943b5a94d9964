/** What a player reports about once a second. */
export interface PlayerStats {
  /** Capture-to-display delay, ms, when the transport says when a frame was made; else null. */
  latencyMs: number | null;
  fps: number;
}

/** Stats are summed over this window before they are reported, ms. */
const WINDOW_MS = 1000;

/**
 * Counts shown frames and averages their latency; reports once per window. Driven by frame arrivals,
 * so a stalled stream reports nothing and the tile's last report ages visibly.
 */
export function statsMeter(report: (stats: PlayerStats) => void) {
  let start = performance.now();
  let frames = 0;
  let latencySum = 0;
  let latencyCount = 0;
  return (latencyMs: number | null): void => {
    frames += 1;
    if (latencyMs !== null) {
      latencySum += latencyMs;
      latencyCount += 1;
    }
    const now = performance.now();
    if (now - start < WINDOW_MS) return;
    report({
      fps: Math.round((frames * 1000) / (now - start)),
      latencyMs: latencyCount > 0 ? Math.round(latencySum / latencyCount) : null,
    });
    start = now;
    frames = 0;
    latencySum = 0;
    latencyCount = 0;
  };
}
