/**
 * KMZ parse time of a large route: the fixture's route grown to 2 000 waypoints (each with its
 * actions), written by the server's own KMZ writer and read back by the reader the upload uses; and
 * the largest file the importer takes, read inline and off the event loop.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import type { WaylineRoute } from '../../protocol/waylines.ts';
import { OFF_THREAD_BYTES, readKmzOffThread } from '../../server/waylines/readOffThread.ts';
import { MAX_WAYPOINTS } from '../../server/waylines/readPaths.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { writeKmz } from '../../server/waylines/writeKmz.ts';

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

/** A lean placemark as DJI's tools write one, with a photo at the point. */
function leanPlacemark(i: number): string {
  const lng = (113.9 + (i % 256) * 0.0002).toFixed(6);
  const lat = (22.5 + Math.floor(i / 256) * 0.0002).toFixed(6);
  return `<Placemark><Point><coordinates>${lng},${lat}</coordinates></Point><wpml:index>${String(i)}</wpml:index><wpml:executeHeight>80</wpml:executeHeight><wpml:waypointSpeed>10</wpml:waypointSpeed><wpml:waypointHeadingParam><wpml:waypointHeadingMode>followWayline</wpml:waypointHeadingMode></wpml:waypointHeadingParam><wpml:waypointTurnParam><wpml:waypointTurnMode>toPointAndStopWithDiscontinuityCurvature</wpml:waypointTurnMode><wpml:waypointTurnDampingDist>0</wpml:waypointTurnDampingDist></wpml:waypointTurnParam><wpml:actionGroup><wpml:actionGroupId>${String(i)}</wpml:actionGroupId><wpml:actionGroupStartIndex>${String(i)}</wpml:actionGroupStartIndex><wpml:actionGroupEndIndex>${String(i)}</wpml:actionGroupEndIndex><wpml:actionGroupMode>sequence</wpml:actionGroupMode><wpml:actionTrigger><wpml:actionTriggerType>reachPoint</wpml:actionTriggerType></wpml:actionTrigger><wpml:action><wpml:actionId>0</wpml:actionId><wpml:actionActuatorFunc>takePhoto</wpml:actionActuatorFunc><wpml:actionActuatorFuncParam><wpml:payloadPositionIndex>0</wpml:payloadPositionIndex></wpml:actionActuatorFuncParam></wpml:action></wpml:actionGroup></Placemark>\n`;
}

/** The largest file the importer takes: 65 535 waypoints, an execution file only. */
export function largestKmz(): Uint8Array {
  const points = Array.from({ length: MAX_WAYPOINTS }, (_, i) => leanPlacemark(i)).join('');
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.6"><Document>
<wpml:missionConfig><wpml:flyToWaylineMode>safely</wpml:flyToWaylineMode><wpml:finishAction>goHome</wpml:finishAction><wpml:exitOnRCLost>goContinue</wpml:exitOnRCLost><wpml:takeOffSecurityHeight>20</wpml:takeOffSecurityHeight><wpml:globalTransitionalSpeed>10</wpml:globalTransitionalSpeed><wpml:droneInfo><wpml:droneEnumValue>67</wpml:droneEnumValue><wpml:droneSubEnumValue>1</wpml:droneSubEnumValue></wpml:droneInfo></wpml:missionConfig>
<Folder><wpml:templateId>0</wpml:templateId><wpml:executeHeightMode>relativeToStartPoint</wpml:executeHeightMode><wpml:waylineId>0</wpml:waylineId><wpml:autoFlightSpeed>10</wpml:autoFlightSpeed>
${points}</Folder></Document></kml>
`;
  return zipSync({ 'wpmz/waylines.wpml': strToU8(text) }, { level: 1 });
}

export interface LargestSample {
  bytes: number;
  /** One read on the calling thread, ms. */
  inlineMs: number;
  /** One read through `readKmzOffThread`, ms from call to answer. */
  offThreadMs: number;
  /** The event loop's longest stall while that read ran, ms. */
  loopStallMs: number;
}

/** Reads the largest file inline once, then off the event loop while watching the loop's delay. */
export async function measureLargest(): Promise<LargestSample> {
  const kmz = largestKmz();
  let start = performance.now();
  readKmzRoute(kmz);
  const inlineMs = performance.now() - start;
  // Start the reader thread first, so its start-up is not counted as a read.
  await readKmzOffThread(kmz.subarray(0, OFF_THREAD_BYTES), 'facts').catch(() => undefined);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  start = performance.now();
  await readKmzOffThread(kmz, 'facts');
  const offThreadMs = performance.now() - start;
  delay.disable();
  return { bytes: kmz.byteLength, inlineMs, offThreadMs, loopStallMs: delay.max / 1e6 };
}
