/**
 * Console parts of airspace: a drawn circle becomes a centre and a radius in metres, a drawn polygon
 * a closed ring; an airspace alarm event becomes a feed entry carrying the area and the distance.
 */
import { circle } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { aiAlarm } from '../../../src/telemetry/alarms.ts';
import { shapeOfDrawn } from '../../../src/pages/airspace/drawnShape.ts';

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
        area_name: 'Tower',
        area_distance: 42.4,
        is_in_area: false,
      },
    });
    expect(entry).toMatchObject({
      code: 'airspace_nfz',
      level: 1,
      airspace: { area: 'Tower', distance: 42.4, inside: false },
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
