import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../../server/waylines/readRoute.ts';
import { defaultMapping, withMapping } from '../../../src/lib/route/mappingRoute.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../../src/lib/route/routeConvert.ts';
import {
  clearDraft,
  draftKey,
  readDraft,
  sameRoute,
  withFreshIds,
  writeDraft,
  type DraftStorage,
} from '../../../src/lib/route/routeDraft.ts';
import { appendPoint, updatePoint } from '../../../src/lib/route/routeEdits.ts';
import { allPoints, emptyRoute, type EditorRoute } from '../../../src/lib/route/routeModel.ts';
import { FIXTURES, fixtureKmz } from '../../fixtures/wpml/kmz.ts';
import { takePhotoTwoWaylinesKmz } from '../../fixtures/wpml/takePhotoTwoWaylines.ts';

/** Local storage as a map; `full` makes every write fail as a full browser store does. */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const opened = (bytes: Uint8Array): EditorRoute => fromWaylineRoute(readKmzRoute(bytes).route);

/** Routes with everything the model holds: kept groups, foreign actions, notes, a mapping area. */
function sampleRoutes(): [string, EditorRoute][] {
  const mapped = withMapping(
    appendPoint(emptyRoute(), 113.9, 22.5),
    [
      [113.95, 22.54],
      [113.953, 22.54],
      [113.953, 22.542],
      [113.95, 22.542],
    ],
    defaultMapping('1-53-0'),
  );
  return [
    ...FIXTURES.map((name): [string, EditorRoute] => [name, opened(fixtureKmz(name))]),
    ['two waylines, second active', { ...opened(takePhotoTwoWaylinesKmz()), active: 1 }],
    ['generated mapping route', mapped],
    ['empty new route', emptyRoute()],
  ];
}

const owner = { user: 7, workspace: 2, wayline: 41 } as const;

describe('route drafts', () => {
  it.each(sampleRoutes())('keep a route through JSON exactly: %s', (_name, route) => {
    const storage = new MemoryStorage();
    const key = draftKey(owner);
    expect(writeDraft(storage, key, { route, name: '东门 巡检' })).toBe(true);
    const back = readDraft(storage, key);
    expect(back?.name).toBe('东门 巡检');
    expect(back?.route).toStrictEqual(route);
    // What a save would send is the same, to the byte.
    if (!back) throw new Error('no draft');
    expect(toWaylineRoute(back.route, 1, 'op')).toStrictEqual(toWaylineRoute(route, 1, 'op'));
  });

  it('keep one draft per user, project and wayline, and clear only the one named', () => {
    const storage = new MemoryStorage();
    const keys = [
      draftKey(owner),
      draftKey({ ...owner, user: 8 }),
      draftKey({ ...owner, workspace: 3 }),
      draftKey({ ...owner, wayline: 42 }),
      draftKey({ ...owner, wayline: 'new' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    keys.forEach((key, i) => {
      const route = appendPoint(emptyRoute(), 113.9 + i / 1000, 22.5);
      writeDraft(storage, key, { route, name: `route ${String(i)}` });
    });
    keys.forEach((key, i) => {
      expect(readDraft(storage, key)?.name).toBe(`route ${String(i)}`);
    });

    const [cleared, ...others] = keys;
    if (cleared === undefined) throw new Error('no key');
    clearDraft(storage, cleared);
    expect(readDraft(storage, cleared)).toBeUndefined();
    others.forEach((key) => expect(readDraft(storage, key)).toBeDefined());
    expect(storage.items.size).toBe(others.length);
  });

  it('read nothing from text that is not a draft of this version, and survive a full store', () => {
    const storage = new MemoryStorage();
    const key = draftKey(owner);
    const route = appendPoint(emptyRoute(), 113.9, 22.5);
    for (const text of [
      'not json',
      'null',
      JSON.stringify({ v: 0, name: 'old', route }),
      JSON.stringify({ v: 1, name: 'no waylines', route: { ...route, waylines: [] } }),
      JSON.stringify({ v: 1, name: 'bad active', route: { ...route, active: 3 } }),
      JSON.stringify({ v: 1, name: 7, route }),
    ]) {
      storage.items.set(key, text);
      expect(readDraft(storage, key)).toBeUndefined();
    }
    storage.full = true;
    expect(writeDraft(storage, draftKey({ ...owner, wayline: 1 }), { route, name: '' })).toBe(
      false,
    );
  });

  it('compare routes by content, not by the ids a page gave their points', () => {
    const stored = opened(takePhotoTwoWaylinesKmz());
    const reopened = opened(takePhotoTwoWaylinesKmz());
    expect(allPoints(reopened)[0]?.id).not.toBe(allPoints(stored)[0]?.id);
    expect(sameRoute(stored, reopened)).toBe(true);
    const first = allPoints(reopened)[0];
    if (!first) throw new Error('no point');
    expect(sameRoute(stored, updatePoint(reopened, first.id, { height: 66 }))).toBe(false);
  });

  it('give a restored route ids of this page, references between its points included', () => {
    const route = opened(fixtureKmz('waypoint-1.0.2'));
    const fresh = withFreshIds(route);
    const before = allPoints(route).map((p) => p.id);
    const after = allPoints(fresh).map((p) => p.id);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    expect(sameRoute(route, fresh)).toBe(true);
    // The fixture's timed group runs from its first point to its third.
    const kept = allPoints(fresh).flatMap((p) => p.kept ?? []);
    expect(kept.length).toBeGreaterThan(0);
    for (const k of kept) expect(after).toContain(k.untilId);
  });
});
