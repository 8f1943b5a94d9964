import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { geodesicDistance } from '../../server/waylines/geodesic.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { WaylineFileError, type WaylineProblem } from '../../server/waylines/WaylineFileError.ts';
import { templateKml, waylinesWpml, writeKmz } from '../../server/waylines/writeKmz.ts';
import { FIXTURES, fixtureFiles, fixtureKmz, zipFiles } from '../fixtures/wpml/kmz.ts';

const WAYLINES = 'wpmz/waylines.wpml';
const TEMPLATE = 'wpmz/template.kml';

/** The problem and details a KMZ is refused with. */
function refusal(
  bytes: Uint8Array,
  maxBytes?: number,
): { problem: WaylineProblem; params: object } {
  try {
    readKmzRoute(bytes, maxBytes);
  } catch (error) {
    if (error instanceof WaylineFileError) return { problem: error.problem, params: error.params };
    throw error;
  }
  throw new Error('the file was accepted');
}

/** The actions-route fixture with one edit applied to both XML files. */
function editedActions(edit: (text: string) => string): Uint8Array {
  return fixtureKmz('waypoint-actions-1.0.6', (path, text) =>
    path.endsWith('.kml') || path.endsWith('.wpml') ? edit(text) : text,
  );
}

describe('reading a KMZ as DJI tools write it', () => {
  it('reads the facts of a waypoint route with actions (1.0.6)', () => {
    const { facts, route } = readKmzRoute(fixtureKmz('waypoint-actions-1.0.6'));
    expect(facts).toMatchObject({
      drone_model_key: '0-67-1',
      payload_model_key: '1-53-0',
      template_type: 'waypoint',
      waypoint_count: 4,
      height_mode: 'relativeToStartPoint',
      finish_action: 'goHome',
      wpmz_version: '1.0.6',
    });
    // Four legs of roughly 170, 165, 155 and 140 m between the fixture's corners.
    expect(facts.length_m).toBeGreaterThan(480);
    expect(facts.length_m).toBeLessThan(505);
    // Flying time includes the 5 s hover at the third waypoint.
    expect(facts.duration_s).toBeGreaterThan(60);
    const funcs = route.paths[0]?.points.flatMap((p) =>
      p.actionGroups.flatMap((g) => g.actions.map((a) => a.func)),
    );
    expect(funcs).toEqual([
      'takePhoto',
      'gimbalRotate',
      'startRecord',
      'zoom',
      'hover',
      'rotateYaw',
      'stopRecord',
    ]);
    expect(route.paths[0]?.points[2]?.actionGroups[0]?.actions[0]?.params).toEqual({
      hoverTime: '5',
    });
  });

  it('reads a 1.0.2 route and a mapping2d template with its area', () => {
    const old = readKmzRoute(fixtureKmz('waypoint-1.0.2')).facts;
    expect(old).toMatchObject({
      wpmz_version: '1.0.2',
      drone_model_key: '0-60-0',
      payload_model_key: '1-42-0',
      height_mode: 'EGM96',
      finish_action: 'noAction',
      waypoint_count: 3,
    });
    const mapping = readKmzRoute(fixtureKmz('mapping2d-1.0.6'));
    expect(mapping.facts).toMatchObject({ template_type: 'mapping2d', waypoint_count: 10 });
    expect(mapping.route.template.polygon).toHaveLength(4);
    expect(mapping.route.template.extra).toContainEqual([
      'Placemark/wpml:overlap/wpml:orthoCameraOverlapH',
      '80',
    ]);
  });

  it('accepts the WPML namespace bound to another prefix', () => {
    const renamed = editedActions((text) =>
      text.replaceAll('wpml:', 'dji:').replace('xmlns:wpml=', 'xmlns:dji='),
    );
    expect(readKmzRoute(renamed).facts.waypoint_count).toBe(4);
  });

  it.each(FIXTURES)('writes %s again with nothing it read lost', (name) => {
    const first = readKmzRoute(fixtureKmz(name));
    const again = readKmzRoute(writeKmz(first.route));
    expect(again.route).toEqual(first.route);
    expect(again.facts).toEqual(first.facts);
  });

  it('writes a complete waypoint template for a route with no kept settings', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-1.0.2'));
    const drawn = { ...route, template: { ...route.template, extra: [] } };
    const text = templateKml(drawn);
    for (const element of [
      '<wpml:coordinateMode>WGS84</wpml:coordinateMode>',
      '<wpml:heightMode>EGM96</wpml:heightMode>',
      '<wpml:globalHeight>102.5</wpml:globalHeight>',
      '<wpml:gimbalPitchMode>usePointSetting</wpml:gimbalPitchMode>',
      '<wpml:waypointHeadingMode>followWayline</wpml:waypointHeadingMode>',
    ])
      expect(text).toContain(element);
    const again = readKmzRoute(writeKmz(drawn));
    expect(again.route.paths).toEqual(route.paths);
    expect(again.facts).toEqual(readKmzRoute(fixtureKmz('waypoint-1.0.2')).facts);
  });

  it('writes an execution file whose namespace and elements DJI tools read', () => {
    const { route } = readKmzRoute(fixtureKmz('waypoint-1.0.2'));
    const text = waylinesWpml(route);
    expect(text).toContain('xmlns:wpml="http://www.dji.com/wpmz/1.0.2"');
    expect(text).toContain('<wpml:executeHeightMode>WGS84</wpml:executeHeightMode>');
    expect(text).toContain('<coordinates>114.0571,22.5431</coordinates>');
    // Length and time of each wayline, as DJI's tools state them beside the waypoints.
    expect(text).toMatch(/<wpml:distance>40\d\.\d<\/wpml:distance>/);
    expect(text).toMatch(/<wpml:duration>\d+(\.\d)?<\/wpml:duration>/);
  });

  it('measures distances on the WGS84 ellipsoid', () => {
    // One degree of latitude at the equator and one of longitude there (published WGS84 values).
    expect(geodesicDistance(0, 0, 0, 1)).toBeCloseTo(110_574.4, 0);
    expect(geodesicDistance(0, 0, 1, 0)).toBeCloseTo(111_319.5, 0);
    expect(geodesicDistance(10, 10, 10, 10)).toBe(0);
  });
});

describe('refusing bad files, each with what is wrong', () => {
  it('refuses an empty file and one that is not a zip', () => {
    expect(refusal(new Uint8Array()).problem).toBe('wayline.empty');
    expect(refusal(strToU8('<kml>not zipped</kml>')).problem).toBe('wayline.not_zip');
  });

  it('refuses a zip without wpmz/waylines.wpml', () => {
    const bytes = fixtureKmz('waypoint-1.0.2', (path, text) => (path === WAYLINES ? null : text));
    expect(refusal(bytes).problem).toBe('wayline.no_waylines');
  });

  it('names the file and line of an XML error', () => {
    const bytes = fixtureKmz('waypoint-1.0.2', (path, text) =>
      path === WAYLINES ? text.replace('</wpml:waylineId>', '</wpml:waylineID>') : text,
    );
    const lines = fixtureFiles('waypoint-1.0.2')[WAYLINES]?.split('\n') ?? [];
    const line = lines.findIndex((l) => l.includes('</wpml:waylineId>')) + 1;
    expect(refusal(bytes)).toEqual({
      problem: 'wayline.xml',
      params: expect.objectContaining({ file: WAYLINES, line }) as object,
    });
  });

  it('refuses a file without the WPML namespace', () => {
    const bytes = editedActions((text) => text.replace('http://www.dji.com/wpmz/1.0.6', 'urn:x'));
    expect(refusal(bytes).problem).toBe('wayline.namespace');
  });

  it('refuses coordinates out of range, naming the waypoint', () => {
    const bytes = fixtureKmz('waypoint-1.0.2', (path, text) =>
      path === WAYLINES ? text.replace('114.059,22.5431', '114.059,95.5431') : text,
    );
    expect(refusal(bytes)).toEqual({
      problem: 'wayline.coordinates',
      params: { index: 2, value: '114.059,95.5431' },
    });
  });

  it('keeps an aircraft enum it does not know, as its key', () => {
    // Other planning tools name aircraft this console does not know: the planner picks one later.
    const bytes = editedActions((text) =>
      text.replace('<wpml:droneEnumValue>67<', '<wpml:droneEnumValue>250<'),
    );
    expect(readKmzRoute(bytes).facts.drone_model_key).toBe('0-250-1');
  });

  it('refuses a template type it does not know and a missing element', () => {
    const badType = fixtureKmz('mapping2d-1.0.6', (path, text) =>
      path === TEMPLATE ? text.replace('>mapping2d<', '>spiral<') : text,
    );
    expect(refusal(badType).problem).toBe('wayline.invalid_value');
    const noFinish = editedActions((text) =>
      text.replace(/<wpml:finishAction>\w+<\/wpml:finishAction>/, ''),
    );
    expect(refusal(noFinish)).toEqual({
      problem: 'wayline.missing',
      params: { file: TEMPLATE, element: 'wpml:finishAction' },
    });
  });

  it('refuses more than 65 535 waypoints', () => {
    const placemark =
      '<Placemark><Point><coordinates>114,22</coordinates></Point><wpml:index>0</wpml:index><wpml:executeHeight>50</wpml:executeHeight></Placemark>';
    const bytes = fixtureKmz('waypoint-1.0.2', (path, text) =>
      path === WAYLINES ? text.replace('</Folder>', `${placemark.repeat(65_534)}</Folder>`) : text,
    );
    expect(refusal(bytes)).toEqual({
      problem: 'wayline.too_many_points',
      params: { max: 65_535, count: 65_537 },
    });
  });

  it('refuses a zip bomb before inflating it', () => {
    // 8 MiB of one repeated byte deflates to a few kilobytes.
    const bomb = zipSync({ [WAYLINES]: new Uint8Array(8 * 1024 * 1024).fill(32) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(refusal(bomb, 4 * 1024 * 1024).problem).toBe('wayline.too_large');
  });

  it('refuses an archive whose declared size lies about its content', () => {
    const honest = zipFiles(fixtureFiles('waypoint-1.0.2'));
    const forged = honest.slice();
    const view = new DataView(forged.buffer);
    // Halve the uncompressed size the central directory declares for every entry.
    for (let at = 0; at + 46 <= forged.length; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      view.setUint32(at + 24, Math.floor(view.getUint32(at + 24, true) / 2), true);
    }
    expect(refusal(forged).problem).toBe('wayline.corrupt');
  });
});
