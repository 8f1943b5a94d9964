/**
 * Console parts of airspace: a drawn circle becomes a centre and a radius in metres, a drawn polygon
 * a closed ring; an airspace alarm event becomes a feed entry carrying the area and the distance,
 * and the HUD shows the one that matters most; a saved route's airspace warnings become the
 * waypoints and legs the editor marks.
 */
import { circle } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { WaylineWarning } from '../../../protocol/waylines.ts';
import type { RoutePoint } from '../../../src/lib/route/routeModel.ts';
import { aiAlarm } from '../../../src/fleet/derive/alarms.ts';
import type { AlarmEntry } from '../../../src/fleet/derive/alarms.ts';
import {
  areaSituation,
  breaches,
  FLIGHT_AREA_SYNC_REASONS,
  FLIGHT_AREA_SYNC_STATUSES,
} from '../../../protocol/airspace.ts';
import airspaceStrings from '../../../src/pages/airspace/i18n.ts';
import { shapeOfDrawn } from '../../../src/pages/airspace/drawnShape.ts';
import {
  DISTANCES_STALE_MS,
  hudAirspaceAlarm,
  liveAirspaceAlarm,
} from '../../../src/pages/cockpit/airspaceAlarm.ts';
import {
  airspaceMarks,
  marksLabel,
  markedFeatures,
} from '../../../src/pages/waylineEditor/airspaceMarks.ts';

const same = (lng: number, lat: number): [number, number] => [lng, lat];

describe('drawn shapes', () => {
  it('reads a circle ring back as its centre and radius', () => {
    const ring =
      circle([113.95, 22.54], 150, { steps: 64, units: 'meters' }).geometry.coordinates[0] ?? [];
    const shape = shapeOfDrawn('circle', ring, same);
    expect(shape?.type).toBe('circle');
    if (shape?.type !== 'circle') return;
    expect(shape.center[0]).toBeCloseTo(113.95, 5);
    expect(shape.center[1]).toBeCloseTo(22.54, 5);
    expect(Math.abs(shape.radius - 150)).toBeLessThan(1);
  });

  it('closes a polygon ring and keeps at most nine decimals', () => {
    const shape = shapeOfDrawn(
      'polygon',
      [
        [113.1234567891234, 22.1],
        [113.2, 22.1],
        [113.2, 22.2],
        [113.1234567891234, 22.1],
      ],
      same,
    );
    expect(shape).toEqual({
      type: 'polygon',
      coordinates: [
        [113.123456789, 22.1],
        [113.2, 22.1],
        [113.2, 22.2],
        [113.123456789, 22.1],
      ],
    });
  });
});

describe('airspace alarms in the feed', () => {
  it('carries the area and the distance of an airspace alarm', () => {
    const entry = aiAlarm({
      sn: 'UAV1',
      kind: 'ai_alarm',
      method: 'ai_alarm',
      ts: 1_000,
      receivedAt: 1_000,
      data: {
        alarm_id: 'airspace-1',
        category: 'airspace_nfz',
        level: 1,
        confidence: 1,
        area_id: 'nfz-tower',
        area_name: 'Tower',
        area_distance: 42.4,
        is_in_area: false,
      },
    });
    expect(entry).toMatchObject({
      code: 'airspace_nfz',
      level: 1,
      airspace: {
        areaId: 'nfz-tower',
        area: 'Tower',
        kind: 'no_fly',
        distance: 42.4,
        breach: false,
      },
    });
    // An operation area's alarm: outside it is the breach.
    const outside = aiAlarm({
      sn: 'UAV1',
      kind: 'ai_alarm',
      method: 'ai_alarm',
      ts: 2_000,
      receivedAt: 2_000,
      data: {
        alarm_id: 'airspace-2',
        category: 'airspace_fence',
        level: 2,
        area_id: 'op-yard',
        area_name: 'Yard',
        area_distance: 3,
        is_in_area: false,
      },
    });
    expect(outside.airspace).toEqual({
      areaId: 'op-yard',
      area: 'Yard',
      kind: 'operation',
      distance: 3,
      breach: true,
    });
    const person = aiAlarm({
      sn: 'UAV1',
      kind: 'ai_alarm',
      method: 'ai_alarm',
      ts: 1,
      receivedAt: 1,
      data: { category: 'person' },
    });
    expect(person.airspace).toBeUndefined();
  });
});

describe('the airspace alarm in the cockpit HUD', () => {
  const alarm = (ts: number, airspace?: AlarmEntry['airspace']): AlarmEntry => ({
    id: `a${String(ts)}`,
    sn: 'UAV1',
    level: 1,
    code: airspace ? 'airspace_nfz' : 'person',
    source: 'ai_alarm',
    deviceType: null,
    module: null,
    inTheSky: false,
    args: {},
    confidence: 1,
    ts,
    ...(airspace ? { airspace } : {}),
  });

  const noFly = { kind: 'no_fly', areaId: 't', area: 'Tower' } as const;

  it('shows a breached area before a near one, then the newest; nothing without one', () => {
    expect(hudAirspaceAlarm([alarm(1)])).toBeNull();
    const near = alarm(5, { ...noFly, distance: 60, breach: false });
    const nearer = alarm(9, {
      kind: 'operation',
      areaId: 'y',
      area: 'Yard',
      distance: 20,
      breach: false,
    });
    const inside = alarm(3, { ...noFly, distance: 0, breach: true });
    expect(hudAirspaceAlarm([near, alarm(7), nearer])).toMatchObject({ area: 'Yard', ts: 9 });
    expect(hudAirspaceAlarm([near, inside, nearer])).toMatchObject({ area: 'Tower', breach: true });
  });

  it('follows the dock’s fresh report of the alarm’s area, else shows the distance raised with', () => {
    const raised = { ...noFly, distance: 60, breach: false, ts: 1_000 };
    const report = (receivedAt: number, distance: number, inside = false) => ({
      receivedAt,
      locations: [
        { area_id: 'y', area_distance: 5, is_in_area: true },
        { area_id: 't', area_distance: distance, is_in_area: inside },
      ],
    });
    // Live: the report names the area and is a second old.
    expect(liveAirspaceAlarm(raised, report(9_000, 35.5), 10_000)).toMatchObject({
      area: 'Tower',
      distance: 35.5,
      breach: false,
      live: true,
    });
    expect(liveAirspaceAlarm(raised, report(9_000, 0, true), 10_000)).toMatchObject({
      breach: true,
      live: true,
    });
    // An operation area is breached when the dock says the aircraft is not in it.
    const edge = { ...raised, kind: 'operation' as const };
    expect(liveAirspaceAlarm(edge, report(9_000, 2, false), 10_000)).toMatchObject({
      breach: true,
    });
    expect(liveAirspaceAlarm(edge, report(9_000, 2, true), 10_000)).toMatchObject({
      breach: false,
    });
    // Stale (the dock stopped reporting), missing, or silent about this area: as raised.
    const asRaised = { distance: 60, breach: false, live: false };
    expect(
      liveAirspaceAlarm(raised, report(10_000 - DISTANCES_STALE_MS - 1, 35), 10_000),
    ).toMatchObject(asRaised);
    expect(liveAirspaceAlarm(raised, null, 10_000)).toMatchObject(asRaised);
    expect(liveAirspaceAlarm(raised, { receivedAt: 9_500, locations: [] }, 10_000)).toMatchObject(
      asRaised,
    );
  });
});

describe('a saved route’s airspace warnings in the editor', () => {
  const warning = (code: WaylineWarning['code'], params: WaylineWarning['params']) => ({
    code,
    params,
    message: `${code} ${JSON.stringify(params)}`,
  });
  const point = (id: string, lng: number): RoutePoint =>
    ({ id, lng, lat: 22.54, height: 80 }) as RoutePoint;

  it('marks the waypoints and legs the findings name, once each; other warnings are not its', () => {
    const marks = airspaceMarks([
      warning('unknown_model', { value: '0-1-0' }),
      warning('airspace_leg_no_fly', { from: 2, to: 3, name: 'Crane', area_id: 'c' }),
      warning('airspace_waypoint_no_fly', { index: 3, name: 'Crane', area_id: 'c' }),
      warning('airspace_leg_no_fly', { from: 2, to: 3, name: 'Yard', area_id: 'y' }),
      warning('airspace_waypoint_outside', { index: 1 }),
    ]);
    expect(marks.points).toEqual([1, 3]);
    expect(marks.legs).toEqual([[2, 3]]);
    expect(marks.messages).toHaveLength(4);
    expect(marksLabel(marks)).toBe('wp 1; wp 3; leg 2-3');
    expect(airspaceMarks([warning('defaulted', {})]).messages).toEqual([]);
  });

  it('draws the marks at the route’s waypoints, skipping numbers the route no longer has', () => {
    const marks = airspaceMarks([
      warning('airspace_leg_outside', { from: 1, to: 2 }),
      warning('airspace_waypoint_no_fly', { index: 2, name: 'Crane', area_id: 'c' }),
      warning('airspace_waypoint_no_fly', { index: 7, name: 'Crane', area_id: 'c' }),
    ]);
    const drawn = markedFeatures([point('a', 113.94), point('b', 113.95)], marks, same);
    expect(drawn.features.map((f) => [f.properties.kind, f.geometry.coordinates])).toEqual([
      [
        'leg',
        [
          [113.94, 22.54],
          [113.95, 22.54],
        ],
      ],
      ['point', [113.95, 22.54]],
    ]);
  });
});

describe('a dock’s sync state in words', () => {
  it('has words for every documented status and failure reason, in both languages', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const docks = airspaceStrings[lang].docks;
      const reasons: Readonly<Record<string, string | undefined>> = docks.reasons;
      const statuses: Readonly<Record<string, string | undefined>> = docks.status;
      for (const reason of FLIGHT_AREA_SYNC_REASONS)
        expect(reasons[String(reason)], `${lang} reason ${String(reason)}`).toMatch(/\S/);
      for (const status of FLIGHT_AREA_SYNC_STATUSES)
        expect(statuses[status], `${lang} status ${status}`).toMatch(/\S/);
    }
    expect(airspaceStrings['zh-CN'].docks.reasons['12']).toBe('文件校验（checksum）失败');
    expect(airspaceStrings.en.docks.reasons['12']).toMatch(/checksum/);
  });
});

describe('where an aircraft is against an area, in the words’ terms', () => {
  it('is inside a no-fly area or outside an operation area when the dock says so, else near', () => {
    expect(areaSituation('no_fly', breaches('no_fly', true))).toBe('inside');
    expect(areaSituation('no_fly', breaches('no_fly', false))).toBe('near');
    expect(areaSituation('operation', breaches('operation', false))).toBe('outside');
    expect(areaSituation('operation', breaches('operation', true))).toBe('nearEdge');
  });
});
