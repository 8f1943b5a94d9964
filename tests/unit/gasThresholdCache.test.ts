/**
 * Ingestion reads a project's thresholds through a short cache. A save must win over a read that
 * was already under way: otherwise the thresholds from before the save judge readings for seconds.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/Db.ts';
import {
  cachedThresholds,
  createThresholdCache,
  forgetThresholds,
} from '../../server/gas/gasThresholds.ts';

/**
 * A database whose threshold rows are whatever `rows` holds when a query is answered, with the cache
 * an app would hold for it.
 */
function fakeDb() {
  const cache = createThresholdCache();
  let rows: { gas: string; caution: number; warning: number }[] = [];
  const waiting: (() => void)[] = [];
  let queries = 0;
  const db: Db = {
    kind: 'pglite',
    query<Row extends object>(): Promise<Row[]> {
      queries++;
      const answer = rows;
      // Each answer waits for `answer()`, so a save can happen while a read is in flight.
      return new Promise((resolve) => waiting.push(() => resolve(answer as unknown as Row[])));
    },
    exec: () => Promise.resolve(),
    tx: (work) => work(db),
    close: () => Promise.resolve(),
  };
  return {
    db,
    cache,
    save(caution: number, warning: number) {
      rows = [{ gas: 'ch4', caution, warning }];
      forgetThresholds(cache, 1);
    },
    answer: () => waiting.splice(0).forEach((go) => go()),
    queries: () => queries,
  };
}

const ch4 = (list: { gas: string; caution: number }[]) => list.find((t) => t.gas === 'ch4');

describe('gas threshold cache', () => {
  it('answers repeated reads from the cache', async () => {
    const f = fakeDb();
    const first = cachedThresholds(f.db, f.cache, 1, 1_000);
    f.answer();
    await first;
    await cachedThresholds(f.db, f.cache, 1, 2_000);
    expect(f.queries()).toBe(1);
  });

  it('does not keep what a read under way during a save returned', async () => {
    const f = fakeDb();
    f.save(5, 9);
    const before = cachedThresholds(f.db, f.cache, 1, 1_000);
    f.save(20, 40);
    f.answer();
    expect(ch4(await before)).toMatchObject({ caution: 5 });
    const after = cachedThresholds(f.db, f.cache, 1, 1_500);
    f.answer();
    expect(ch4(await after)).toMatchObject({ caution: 20, warning: 40 });
    expect(f.queries()).toBe(2);
  });
});
