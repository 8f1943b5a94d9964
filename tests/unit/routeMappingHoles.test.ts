/**
 * A mapping area's holes survive the whole life of a route: imported from a KML polygon with an
 * inner ring, opened in the editor, generated again with other settings, saved through the API's
 * check and the KMZ writer, and opened once more. Before, the editor kept only the outer ring, and
 * the lines of a saved route ran straight over the excluded parts.
 */
import { booleanPointInPolygon, polygon, transformScale } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { waylineRouteSchema } from '../../server/http/waylines/waylineRouteSchema.ts';
import { planImport } from '../../server/waylines/interchange/planImport.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { templateKml, writeKmz } from '../../server/waylines/writeKmz.ts';
import { hasHandEdits } from '../../src/lib/route/hasHandEdits.ts';
import { defaultMapping, withMapping } from '../../src/lib/route/mappingRoute.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import { activePoints, type EditorRoute } from '../../src/lib/route/routeModel.ts';

type Ring = [number, number][];

const NOW = 1_700_000_000_000;
/** A field of about 400 × 440 m near the simulator's centre. */
const FIELD: Ring = [
  [113.95, 22.53],
  [113.954, 22.53],
  [113.954, 22.534],
  [113.95, 22.534],
];
/** A pond in its middle, a third of the field across. */
const POND: Ring = [
  [113.9513, 22.5313],
  [113.9527, 22.5313],
  [113.9527, 22.5327],
  [113.9513, 22.5327],
];
const POND_MIDDLE: [number, number] = [113.952, 22.532];

function kml(outer: Ring, holes: Ring[]): string {
  const closed = (ring: Ring) => [...ring, ring[0]].map((c) => `${c?.join(',')},0`).join(' ');
  const inner = holes
    .map(
      (h) =>
        `<innerBoundaryIs><LinearRing><coordinates>${closed(h)}</coordinates></LinearRing></innerBoundaryIs>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>pond field</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${closed(outer)}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon>
</Placemark></Document></kml>`;
}

/** What an import of a KML with `holes` stores. */
function imported(holes: Ring[]): WaylineRoute {
  const plan = planImport(new TextEncoder().encode(kml(FIELD, holes)), 'pond.kml', {
    baseName: 'pond',
    droneKey: '0-67-1',
    height: 60,
    altitude: 'relative',
    author: 'test',
    now: NOW,
  });
  const route = plan.routes[0]?.route;
  if (!route) throw new Error('nothing imported');
  return route;
}

/** What the server stores of an editor's save: the API's check, the KMZ writer, then its reader. */
function saved(route: EditorRoute): WaylineRoute {
  const checked = waylineRouteSchema.parse(toWaylineRoute(route, NOW));
  return readKmzRoute(writeKmz(checked)).route;
}

/** What opening a stored route in the editor gives. */
const opened = (route: WaylineRoute) => fromWaylineRoute(readKmzRoute(writeKmz(route)).route);

/** The passes (photo legs: even point to the next) of a route's first wayline. */
function passes(route: WaylineRoute): [[number, number], [number, number]][] {
  const points = route.paths[0]?.points ?? [];
  const out: [[number, number], [number, number]][] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const a = points[i];
    const b = points[i + 1];
    if (a && b)
      out.push([
        [a.lng, a.lat],
        [b.lng, b.lat],
      ]);
  }
  return out;
}

/** Whether a straight leg passes within `slack` degrees of `at` (a plane is enough at this size). */
function passesNear(
  [[x1, y1], [x2, y2]]: [[number, number], [number, number]],
  [x, y]: [number, number],
  slack: number,
): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x1 + t * dx - x, y1 + t * dy - y) < slack;
}

/**
 * Points of a route's first wayline inside a ring, a little away from its edge: a pass ends on the
 * edge of a hole, give or take the rounding of turning the lines to their direction and back.
 */
function pointsInside(route: WaylineRoute, ring: Ring): [number, number][] {
  const shape = transformScale(polygon([[...ring, ring[0] ?? [0, 0]]]), 0.98);
  return (route.paths[0]?.points ?? [])
    .map((p): [number, number] => [p.lng, p.lat])
    .filter((p) => booleanPointInPolygon(p, shape, { ignoreBoundary: true }));
}

describe('holes of a mapping area', () => {
  it('are stored with the area by a KML import, as the template’s inner rings', () => {
    const route = imported([POND]);
    expect(route.template.holes).toEqual([POND]);
    const text = templateKml(route);
    expect(text).toContain('<innerBoundaryIs>');
    expect(text.indexOf('<innerBoundaryIs>')).toBeGreaterThan(text.indexOf('<outerBoundaryIs>'));
    // An area without holes is written as before, with none.
    expect(imported([]).template.holes).toBeUndefined();
    expect(templateKml(imported([]))).not.toContain('innerBoundaryIs');
  });

  it('survive open → change a setting → save → open, and no pass crosses them', () => {
    const first = opened(imported([POND]));
    expect(first.mapping?.holes).toEqual([POND]);
    expect(first.mapping?.ring).toEqual(FIELD);

    // Saved untouched, the hole is still there.
    expect(saved(first).template.holes).toEqual([POND]);

    // A mapping setting changed and the lines generated again, as the panel's button does.
    const area = first.mapping;
    if (!area) throw new Error('no mapping area');
    const settings = { ...area.settings, sideOverlap: 50, direction: 15 };
    const regenerated = withMapping(first, area.ring, settings, area.holes);
    expect(regenerated.mapping?.holes).toEqual([POND]);
    const stored = saved(regenerated);
    expect(stored.template.holes).toEqual([POND]);
    expect(pointsInside(stored, POND)).toEqual([]);
    const legs = passes(stored);
    expect(legs.length).toBeGreaterThan(2);
    expect(legs.filter((leg) => passesNear(leg, POND_MIDDLE, 0.0002))).toEqual([]);

    // Opened once more: the same hole and settings, and the same lines when generated again.
    const again = fromWaylineRoute(stored);
    expect(again.mapping?.holes).toEqual([POND]);
    expect(again.mapping?.settings.sideOverlap).toBe(50);
    expect(again.mapping?.settings.direction).toBe(15);
    const same = withMapping(again, FIELD, settings, again.mapping?.holes);
    expect(activePoints(same).map((p) => [p.lng, p.lat])).toEqual(
      activePoints(regenerated).map((p) => [p.lng, p.lat]),
    );
  });

  it('make a route whose lines differ from the same area without them', () => {
    const settings = defaultMapping('1-53-0');
    const start = opened(imported([]));
    const whole = withMapping(start, FIELD, settings);
    const holed = withMapping(start, FIELD, settings, [POND]);
    expect(activePoints(holed).length).toBeGreaterThan(activePoints(whole).length);
    const legs = passes(saved(whole));
    expect(legs.some((leg) => passesNear(leg, POND_MIDDLE, 0.0002))).toBe(true);
  });

  it('are dropped only when a new area replaces the old one', () => {
    const first = opened(imported([POND]));
    const settings = first.mapping?.settings ?? defaultMapping('1-53-0');
    const moved: Ring = FIELD.map(([lng, lat]) => [lng + 0.01, lat]);
    // The page passes no holes with a newly drawn area: it starts without them.
    const replaced = withMapping(first, moved, settings);
    expect(replaced.mapping?.holes).toBeUndefined();
    expect(saved(replaced).template.holes).toBeUndefined();
  });

  it('are read from a file that closes its rings, as KML does', () => {
    const route = imported([POND]);
    const closedHole: Ring = [...POND, POND[0] ?? [0, 0]];
    const reopened = fromWaylineRoute({
      ...route,
      template: { ...route.template, holes: [closedHole, [POND[0] ?? [0, 0]]] },
    });
    // Closed rings come back open; a ring of fewer than three corners encloses nothing and is left.
    expect(reopened.mapping?.holes).toEqual([POND]);
  });

  it('come back from a file with the lines they generate, so reopening one shows no hand edits', () => {
    // The editor asks before generating lines edited by hand again: an untouched file must not ask.
    const first = opened(imported([POND]));
    expect(hasHandEdits(first)).toBe(false);
    const area = first.mapping;
    if (!area) throw new Error('no mapping area');
    const regenerated = withMapping(first, area.ring, { ...area.settings, direction: 15 }, [POND]);
    expect(hasHandEdits(fromWaylineRoute(saved(regenerated)))).toBe(false);
  });
});
