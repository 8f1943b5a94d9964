import { describe, expect, it } from 'vitest';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { templateKml, writeKmz } from '../../server/waylines/writeKmz.ts';
import { defaultMapping, withMapping } from '../../src/lib/route/mappingRoute.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import { appendPoint } from '../../src/lib/route/routeEdits.ts';
import { saveLosses } from '../../src/lib/route/routeLosses.ts';
import { activePoints, emptyRoute } from '../../src/lib/route/routeModel.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';

const NOW = 1_700_000_000_000;
/** About 300 × 200 m near the simulator's centre. */
const RING: [number, number][] = [
  [113.95, 22.54],
  [113.953, 22.54],
  [113.953, 22.542],
  [113.95, 22.542],
];

describe('a mapping route in its template', () => {
  it('saves a generated route as a mapping2d template and opens it with its area and settings', () => {
    const settings = {
      ...defaultMapping('1-53-0'),
      height: 80,
      frontOverlap: 75,
      sideOverlap: 65,
      direction: 30,
      margin: 10,
      speed: 12,
    };
    const generated = withMapping(appendPoint(emptyRoute(), 113.9, 22.5), RING, settings);
    const wire = toWaylineRoute(generated, NOW);
    expect(wire.template.type).toBe('mapping2d');
    const kml = templateKml(wire);
    for (const element of [
      '<wpml:templateType>mapping2d</wpml:templateType>',
      '<wpml:orthoCameraOverlapH>75</wpml:orthoCameraOverlapH>',
      '<wpml:orthoCameraOverlapW>65</wpml:orthoCameraOverlapW>',
      '<wpml:direction>30</wpml:direction>',
      '<wpml:margin>10</wpml:margin>',
      '<wpml:globalShootHeight>80</wpml:globalShootHeight>',
      '<wpml:shootType>distance</wpml:shootType>',
      '<wpml:autoFlightSpeed>12</wpml:autoFlightSpeed>',
      '113.953,22.542,0',
    ])
      expect(kml).toContain(element);

    const back = readKmzRoute(writeKmz(wire));
    expect(back.facts.template_type).toBe('mapping2d');
    // The execution file holds the lawn-mower path that was generated.
    expect(back.route.paths[0]?.points.map((p) => [p.lng, p.lat])).toEqual(
      activePoints(generated).map((p) => [p.lng, p.lat]),
    );
    const reopened = fromWaylineRoute(back.route);
    expect(reopened.mapping?.ring).toEqual(RING);
    expect(reopened.mapping?.settings).toEqual(settings);
    expect(saveLosses(reopened)).toEqual([]);
    // Generating again from what was reopened gives the same lines.
    const again = withMapping(reopened, RING, reopened.mapping?.settings ?? settings);
    expect(activePoints(again).map((p) => [p.lng, p.lat])).toEqual(
      activePoints(generated).map((p) => [p.lng, p.lat]),
    );
  });

  it('opens a mapping2d file from a planner and writes back everything it did not change', () => {
    const { route } = readKmzRoute(fixtureKmz('mapping2d-1.0.6'));
    const opened = fromWaylineRoute(route);
    expect(opened.mapping?.ring).toHaveLength(4);
    expect(opened.mapping?.settings).toMatchObject({
      height: 80,
      frontOverlap: 80,
      sideOverlap: 70,
      direction: 0,
      margin: 0,
      speed: 12,
    });
    const back = readKmzRoute(writeKmz(toWaylineRoute(opened, NOW)));
    expect(back.route.template.polygon).toEqual(route.template.polygon);
    expect(back.route.template.extra).toEqual(route.template.extra);
    // Generated again, its lines photograph by distance, and the template says so.
    const regenerated = withMapping(opened, RING, opened.mapping?.settings ?? defaultMapping(''));
    const written = readKmzRoute(writeKmz(toWaylineRoute(regenerated, NOW))).route.template;
    expect(written.extra).toContainEqual(['Placemark/wpml:shootType', 'distance']);
    expect(written.extra).toContainEqual(['wpml:payloadParam/wpml:imageFormat', 'visable']);
  });
});
