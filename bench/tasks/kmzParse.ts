/**
 * KMZ parse time of a large route: the fixture's route grown to 2 000 waypoints (each with its
 * actions), written by the server's own KMZ writer and read back by the reader the upload uses.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { writeKmz } from '../../server/waylines/writeKmz.ts';
import { zipSync } from 'fflate';

const FIXTURE = fileURLToPath(
  new URL('../../tests/fixtures/wpml/waypoint-actions-1.0.6/', import.meta.url),
);

/** The fixture's KMZ, zipped from its folder the way the tests do. */
function fixtureRoute(): WaylineRoute {
  const kmz = zipSync({
    'wpmz/template.kml': readFileSync(`${FIXTURE}wpmz/template.kml`),
    'wpmz/waylines.wpml': readFileSync(`${FIXTURE}wpmz/waylines.wpml`),
  });
  return readKmzRoute(kmz).route;
}

/** The fixture's route with `count` waypoints: its points repeated along a line to the north-east. */
export function largeRoute(count: number): WaylineRoute {
  const route = fixtureRoute();
  const grow = (path: WaylineRoute['paths'][number]): WaylineRoute['paths'][number] => {
    const base = path.points;
    const points = Array.from({ length: count }, (_, i) => {
      const p = base[i % base.length];
      if (!p) throw new Error('fixture has no waypoints');
      const step = Math.floor(i / base.length);
      return { ...p, index: i, lat: p.lat + step * 0.0004, lng: p.lng + step * 0.0004 };
    });
    return { ...path, points };
  };
  return { ...route, paths: route.paths.map(grow) };
}

export interface ParseSample {
  bytes: number;
  points: number;
  times: number[];
}

/** Writes the large route once, then times `runs` reads of it (after one warm-up). */
export function measureKmzParse(count: number, runs: number): ParseSample {
  const kmz = writeKmz(largeRoute(count));
  const read = readKmzRoute(kmz);
  const points = read.route.paths.reduce((n, p) => n + p.points.length, 0);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    readKmzRoute(kmz);
    times.push(performance.now() - start);
  }
  return { bytes: kmz.byteLength, points, times };
}
