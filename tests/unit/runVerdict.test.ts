/**
 * The verdict of a finished run: what the aircraft did (waypoints reached by progress and track,
 * photos taken, why it stopped) rather than the dock's last status, which reads `ok` for a flight
 * sent home halfway and for one that never reached its only waypoint. Its words come from the
 * server's catalogue as the run API answers them.
 */
import { describe, expect, it } from 'vitest';
import { verdictText } from '../../server/http/tasks/taskQueries.ts';
import { offset } from '../../server/physics/geodesy.ts';
import type { LatLng } from '../../server/physics/geodesy.ts';
import {
  closestApproach,
  judgeRun,
  plannedWaypoints,
  REACH_M,
} from '../../server/tasks/runVerdict.ts';
import type {
  PlannedWaypoint,
  RunFacts,
  RunVerdict,
  TrackSample,
} from '../../server/tasks/runVerdict.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

const DOCK: LatLng = { lat: 22.54, lng: 113.95 };
const at = (east: number, north: number): LatLng => offset(DOCK, east, north);
const wp = (p: LatLng, photos = 0): PlannedWaypoint => ({ lat: p.lat, lon: p.lng, photos });

/** A square route of four waypoints, a photo at the first (like the waypoint-actions fixture). */
const SQUARE = [at(0, 300), at(300, 300), at(300, 0), at(150, -150)];
const ROUTE = SQUARE.map((p, i) => wp(p, i === 0 ? 1 : 0));

/** The track of an aircraft flying through `points` at `speed` m/s, one sample a second. */
function fly(points: readonly LatLng[], speed = 10, start = 1_000_000): TrackSample[] {
  const out: TrackSample[] = [];
  let t = start;
  points.forEach((to, i) => {
    const from = points[i - 1];
    if (!from) {
      out.push({ t, lat: to.lat, lon: to.lng });
      return;
    }
    const metres = Math.hypot((to.lat - from.lat) * 111_320, (to.lng - from.lng) * 102_800);
    const steps = Math.max(1, Math.ceil(metres / speed));
    for (let k = 1; k <= steps; k++) {
      t += 1_000;
      const s = k / steps;
      out.push({
        t,
        lat: from.lat + (to.lat - from.lat) * s,
        lon: from.lng + (to.lng - from.lng) * s,
      });
    }
  });
  return out;
}

const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  status: 'ok',
  resultCode: 0,
  waypointCount: ROUTE.length,
  route: ROUTE,
  progressIndex: 3,
  finalBreakReason: null,
  earlierBreakReason: null,
  mediaCount: 1,
  track: fly([DOCK, ...SQUARE, DOCK]),
  commands: [],
  ...over,
});

const words = (v: RunVerdict, lang: 'zh' | 'en') => verdictText(v.reason, lang, v.params);

describe('run verdict', () => {
  it('judges a run that reached every waypoint and took every photo complete', () => {
    const v = judgeRun(facts());
    expect(v).toMatchObject({
      result: 'complete',
      waypoints_reached: 4,
      waypoints_total: 4,
      photos_taken: 1,
      photos_planned: 1,
      reason: 'run.complete',
    });
    expect(words(v, 'zh')).toBe('已到全部 4 个航点');
    expect(words(v, 'en')).toBe('all 4 waypoints reached');
  });

  it('judges a run paused, resumed and sent home after the 2nd of 4 waypoints partial', () => {
    // Out through the first two waypoints, half way to the third, then straight home.
    const track = fly([DOCK, at(0, 300), at(300, 300), at(300, 150), DOCK]);
    const sentHome = facts({
      track,
      progressIndex: 1,
      // The pause left a break point of its own; the return home is what ended the route.
      earlierBreakReason: 1282,
      finalBreakReason: 1283,
      commands: [{ kind: 'return_home', username: 'operator' }],
    });
    const v = judgeRun(sentHome);
    expect(v).toMatchObject({
      result: 'partial',
      waypoints_reached: 2,
      waypoints_total: 4,
      photos_taken: 1,
      photos_planned: 1,
      reason: 'run.returned_early',
    });
    expect(words(v, 'zh')).toBe('返航于航点 2 / 4（operator 下令返航）');
    expect(words(v, 'en')).toBe(
      'returned home at waypoint 2 of 4 (return home ordered by operator)',
    );
    // A dock's break point alone, the user unknown, still names the return home.
    const anonymous = judgeRun({ ...sentHome, commands: [] });
    expect(words(anonymous, 'zh')).toBe('返航于航点 2 / 4（用户下令返航）');
    expect(words(anonymous, 'en')).toBe('returned home at waypoint 2 of 4 (return home ordered)');
    // A dock that reports the waypoint it was flying to (2) is checked against the track.
    const flownTo = judgeRun({ ...sentHome, progressIndex: 0, finalBreakReason: null });
    expect(flownTo).toMatchObject({ result: 'partial', waypoints_reached: 2 });
  });

  it('judges a run whose only waypoint was far away and never reached failed, with the distance', () => {
    const far = wp({ lat: DOCK.lat + 0.3, lng: DOCK.lng }, 1);
    // Out towards it and back for half an hour, turning 28.7 km short of it.
    const track = fly([DOCK, { lat: DOCK.lat + 0.0408, lng: DOCK.lng }, DOCK], 4.6);
    const v = judgeRun(
      facts({ route: [far], waypointCount: 1, track, progressIndex: 0, mediaCount: 0 }),
    );
    expect(v).toMatchObject({
      result: 'failed',
      waypoints_reached: 0,
      waypoints_total: 1,
      photos_taken: 0,
      photos_planned: 1,
      reason: 'run.waypoint_missed',
      params: { index: 1 },
    });
    expect(words(v, 'zh')).toBe('航点 1 未到达：距航点最近 28.7 公里');
    expect(words(v, 'en')).toBe('waypoint 1 not reached: closest 28.7 km away');
    // The low-battery break point a dock adds is named too.
    const lowBattery = judgeRun(
      facts({ route: [far], track, progressIndex: 0, mediaCount: 0, finalBreakReason: 773 }),
    );
    expect(words(lowBattery, 'zh')).toBe('航点 1 未到达：距航点最近 28.7 公里（电量低自动返航）');
  });

  it('judges a run that flew the route without its planned photo partial', () => {
    const v = judgeRun(facts({ mediaCount: 0 }));
    expect(v).toMatchObject({
      result: 'partial',
      waypoints_reached: 4,
      photos_taken: 0,
      photos_planned: 1,
      reason: 'run.photos_short',
    });
    expect(words(v, 'zh')).toBe('计划拍照 1 张，实际 0 张');
    expect(words(v, 'en')).toBe('1 photos planned, 0 taken');
    // A dock that reports no media count is not held to the photos.
    expect(judgeRun(facts({ mediaCount: null }))).toMatchObject({
      result: 'complete',
      photos_taken: null,
    });
  });

  it('trusts the dock where neither route nor track says more, and reads its failures', () => {
    const blind = facts({ route: null, track: [], mediaCount: 0 });
    expect(judgeRun(blind)).toMatchObject({
      result: 'complete',
      waypoints_reached: 4,
      photos_planned: null,
    });
    expect(judgeRun({ ...blind, progressIndex: 2, finalBreakReason: 773 })).toMatchObject({
      result: 'partial',
      waypoints_reached: 3,
      reason: 'run.returned_early',
    });
    // The first waypoint's index is also said on the way to it: with a break point it is not reached.
    expect(judgeRun({ ...blind, progressIndex: 0, finalBreakReason: 784 })).toMatchObject({
      result: 'failed',
      waypoints_reached: 0,
      reason: 'run.no_waypoint',
    });
    // A pause that was resumed leaves a break point of its own: it does not cut the run short.
    const single = { ...blind, waypointCount: 1, progressIndex: 0, earlierBreakReason: 1282 };
    expect(judgeRun(single)).toMatchObject({ result: 'complete', waypoints_reached: 1 });
    const failedAfter = judgeRun(facts({ status: 'failed', resultCode: 314004 }));
    expect(failedAfter).toMatchObject({ result: 'partial', reason: 'run.dock_ended' });
    expect(words(failedAfter, 'zh')).toBe('已到全部 4 个航点，但机场报告任务失败（错误码 314004）');
  });

  it('measures the track to its segments, not only to its points', () => {
    const target = at(0, 0);
    const west = { t: 0, lat: at(-50, 0).lat, lon: at(-50, 0).lng };
    const east = { t: 1_000, lat: at(50, 0).lat, lon: at(50, 0).lng };
    expect(closestApproach({ lat: target.lat, lon: target.lng }, [west, east])).toBeLessThan(1);
    // Unseen for a minute between the two: the aircraft is not assumed to have flown straight.
    const gap = [west, { ...east, t: 60_000 }];
    expect(closestApproach({ lat: target.lat, lon: target.lng }, gap)).toBeGreaterThan(REACH_M);
  });

  it('reads the waypoints and their photos from a route file', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
    expect(plannedWaypoints(route).map((w) => w.photos)).toEqual([1, 0, 0, 0]);
  });
});
