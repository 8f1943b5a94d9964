/**
 * Reads a Skydeck instance's `GET /metrics` (Prometheus text) for what the server benchmark reports
 * about ingestion: the running total of messages it handled and the cumulative buckets of the
 * ingestion-lag histogram (`skydeck_ingestion_lag_seconds{stage}`). Quantiles come from the bucket
 * deltas between two scrapes, summed over instances, so they describe only the measured window.
 */

export type LagStage = 'received' | 'stored';

export interface Scrape {
  /** `skydeck_ingestion_received_total`. */
  received: number;
  /** Cumulative bucket counts by upper bound (s, Infinity last), per stage. */
  buckets: Record<LagStage, Map<number, number>>;
}

const BUCKET = /^skydeck_ingestion_lag_seconds_bucket\{([^}]*)\}\s+(\S+)/;
const RECEIVED = /^skydeck_ingestion_received_total\s+(\S+)/;

/** Reads the lines the benchmark needs from a `/metrics` answer. */
export function parseScrape(text: string): Scrape {
  const scrape: Scrape = { received: 0, buckets: { received: new Map(), stored: new Map() } };
  for (const line of text.split('\n')) {
    const received = RECEIVED.exec(line);
    if (received) scrape.received = Number(received[1]);
    const bucket = BUCKET.exec(line);
    if (!bucket) continue;
    const labels = bucket[1] ?? '';
    const stage = /stage="(\w+)"/.exec(labels)?.[1];
    const le = /le="([^"]+)"/.exec(labels)?.[1];
    if ((stage !== 'received' && stage !== 'stored') || le === undefined) continue;
    scrape.buckets[stage].set(le === '+Inf' ? Infinity : Number(le), Number(bucket[2]));
  }
  return scrape;
}

/** Sum over instances of each bucket's growth from `before` to `after` (same index = same instance). */
function deltas(before: Scrape[], after: Scrape[], stage: LagStage): [number, number][] {
  const sum = new Map<number, number>();
  after.forEach((a, i) => {
    for (const [le, n] of a.buckets[stage])
      sum.set(le, (sum.get(le) ?? 0) + n - (before[i]?.buckets[stage].get(le) ?? 0));
  });
  return [...sum].sort((x, y) => x[0] - y[0]);
}

/** Observations in the window. */
export function lagCount(before: Scrape[], after: Scrape[], stage: LagStage): number {
  return deltas(before, after, stage).at(-1)?.[1] ?? 0;
}

/**
 * The `q` quantile (0–1) of the window's lags in ms, as Prometheus' `histogram_quantile` computes it:
 * find the bucket holding the rank and interpolate linearly inside it (from 0 for the first). A rank
 * in the open top bucket returns the highest finite bound, prefixed with ">". Undefined without data.
 */
export function lagQuantile(
  before: Scrape[],
  after: Scrape[],
  stage: LagStage,
  q: number,
): number | string | undefined {
  const cumulative = deltas(before, after, stage);
  const total = cumulative.at(-1)?.[1] ?? 0;
  if (total <= 0) return undefined;
  const rank = q * total;
  let lowerLe = 0;
  let lowerCount = 0;
  for (const [le, count] of cumulative) {
    if (count >= rank) {
      if (le === Infinity) return `>${Math.round(lowerLe * 1000)}`;
      const inBucket = count - lowerCount;
      const share = inBucket > 0 ? (rank - lowerCount) / inBucket : 0;
      return Math.round((lowerLe + (le - lowerLe) * share) * 1000);
    }
    lowerLe = le;
    lowerCount = count;
  }
  return undefined;
}
