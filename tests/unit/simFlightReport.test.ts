/**
 * What the simulated dock reports of a wayline flight, as a real dock does: the index of the last
 * waypoint reached (not the one flown to, nor the route's last when it was sent home early), the
 * photos actually taken, a break point naming why a route was broken off, and a percent that does
 * not jump to 100 for a flight that turned back.
 */
import { describe, expect, it } from 'vitest';
import {
  flightPercent,
  loadRoute,
  preparedFlight,
  progressData,
} from '../../server/sim/waylineFlight.ts';
import type { WaylineFlight } from '../../server/sim/waylineFlight.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

const HOME = { lat: 22.539, lng: 113.941 };

/** The waypoint-actions fixture (four waypoints, a photo at the first) loaded and flying. */
function flight(): WaylineFlight {
  const f = preparedFlight('f-report', '');
  loadRoute(f, readKmzRoute(fixtureKmz('waypoint-actions-1.0.6')).route);
  f.status = 'in_progress';
  return f;
}

const ext = (f: WaylineFlight, percent = 50) => {
  const output = progressData(f, percent).output as { ext: Record<string, unknown> };
  return output.ext;
};

describe('simulated flight report', () => {
  it('reports the last waypoint reached and no break point while the route is flown', () => {
    const f = flight();
    expect(ext(f).current_waypoint_index).toBe(0);
    f.index = 2;
    f.photoCount = 1;
    expect(ext(f)).toMatchObject({ current_waypoint_index: 1, media_count: 1 });
    expect(ext(f).break_point).toBeUndefined();
    // Landed after the last waypoint: the route was flown whole.
    f.index = 4;
    f.status = 'ok';
    expect(ext(f).current_waypoint_index).toBe(3);
    expect(ext(f).break_point).toBeUndefined();
    expect(flightPercent(f, { pos: HOME, home: HOME, landed: true })).toBe(100);
  });

  it('reports a flight sent home on the way to the 3rd waypoint as having reached the 2nd', () => {
    const f = flight();
    f.index = 2;
    f.photoCount = 1;
    f.goHome = true;
    const flying = flightPercent(f, { pos: HOME, home: HOME, landed: false });
    expect(ext(f)).toMatchObject({
      current_waypoint_index: 1,
      media_count: 1,
      break_point: { index: 1, state: 0, break_reason: 1283 },
    });
    // Back on the dock: `ok` as a dock says it, with the break point and the share it flew.
    f.status = 'ok';
    const landed = flightPercent(f, { pos: HOME, home: HOME, landed: true });
    expect(landed).toBe(flying);
    expect(landed).toBeLessThan(100);
    expect(ext(f, landed)).toMatchObject({
      current_waypoint_index: 1,
      break_point: { break_reason: 1283 },
    });
  });

  it('reports a flight that turned back on low battery before its first waypoint', () => {
    const f = flight();
    f.status = 'ok';
    expect(ext(f)).toMatchObject({
      current_waypoint_index: 0,
      media_count: 0,
      break_point: { index: 0, break_reason: 773 },
    });
    expect(flightPercent(f, { pos: HOME, home: HOME, landed: true })).toBeLessThan(100);
  });
});
