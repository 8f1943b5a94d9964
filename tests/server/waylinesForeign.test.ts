/**
 * Routes written by planning tools other than DJI's: an aircraft enum this console does not know,
 * optional WPML elements left out, waypoints only in template.kml or only in waylines.wpml. Each
 * well-formed file is kept with its waypoints and a list of warnings; the unknown model shows as its
 * key with "unknown model" in words, and the planner picks the aircraft in the editor.
 */
import { describe, expect, it } from 'vitest';
import type { Envelope, Page } from '../../protocol/http.ts';
import {
  WAYLINE_API,
  type Wayline,
  type WaylineWarning,
  type WaylineWithRoute,
} from '../../protocol/waylines.ts';
import { zipFiles } from '../fixtures/wpml/kmz.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const TEMPLATE = 'wpmz/template.kml';
const WAYLINES = 'wpmz/waylines.wpml';

/** A KML document with the WPML namespace, in the CRLF lines and four-space indent some tools use. */
function kml(body: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.6">',
    '    <Document>',
    ...body.map((line) => `        ${line}`),
    '    </Document>',
    '</kml>',
  ].join('\r\n');
}

const leaf = (name: string, value: string | number) => `<wpml:${name}>${value}</wpml:${name}>`;

/** `wpml:missionConfig` with only the elements given, in order. */
function missionConfig(fields: [string, string | number][], drone: [number, number]): string[] {
  return [
    '<wpml:missionConfig>',
    ...fields.map(([name, value]) => `    ${leaf(name, value)}`),
    '    <wpml:droneInfo>',
    `        ${leaf('droneEnumValue', drone[0])}`,
    `        ${leaf('droneSubEnumValue', drone[1])}`,
    '    </wpml:droneInfo>',
    '</wpml:missionConfig>',
  ];
}

interface Spot {
  lng: number;
  lat: number;
}

/** `rows` × `columns` points of a lawn-mower grid, every other row flown backwards. */
function grid(rows: number, columns: number, step = 0.0004): Spot[] {
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => ({
      lng: 113.95 + (r % 2 === 0 ? c : columns - 1 - c) * step,
      lat: 22.52 + r * step,
    })),
  ).flat();
}

/**
 * A 12-waypoint grid survey as a third-party planner writes it: aircraft enum 68 sub 0, a
 * `<name>` and placemark ids, a photo at every point, and no `wpml:payloadInfo`.
 */
function gridSurveyKmz(): Uint8Array {
  const spots = grid(3, 4);
  const config = missionConfig(
    [
      ['flyToWaylineMode', 'safely'],
      ['finishAction', 'goHome'],
      ['exitOnRCLost', 'goContinue'],
      ['takeOffSecurityHeight', 40],
      ['globalTransitionalSpeed', 12],
    ],
    [68, 0],
  );
  const placemark = (s: Spot, i: number) => [
    `<Placemark id="wp${String(i + 1)}">`,
    `    <name>WP ${String(i + 1)}</name>`,
    `    <Point><coordinates>${String(s.lng)},${String(s.lat)},80</coordinates></Point>`,
    `    ${leaf('index', i)}`,
    `    ${leaf('executeHeight', 80)}`,
    `    ${leaf('waypointSpeed', 8)}`,
    '    <wpml:actionGroup>',
    `        ${leaf('actionGroupId', i)}${leaf('actionGroupStartIndex', i)}${leaf('actionGroupEndIndex', i)}`,
    `        <wpml:actionTrigger>${leaf('actionTriggerType', 'reachPoint')}</wpml:actionTrigger>`,
    `        <wpml:action>${leaf('actionId', 0)}${leaf('actionActuatorFunc', 'takePhoto')}</wpml:action>`,
    '    </wpml:actionGroup>',
    '</Placemark>',
  ];
  const template = kml([
    '<name>Grid survey</name>',
    leaf('author', 'GridPlanner 3.2'),
    ...config,
    '<Folder>',
    `    ${leaf('templateType', 'waypoint')}`,
    `    ${leaf('templateId', 0)}`,
    `    ${leaf('autoFlightSpeed', 8)}`,
    '</Folder>',
  ]);
  const waylines = kml([
    ...config,
    '<Folder>',
    `    ${leaf('templateId', 0)}`,
    `    ${leaf('executeHeightMode', 'relativeToStartPoint')}`,
    `    ${leaf('waylineId', 0)}`,
    `    ${leaf('autoFlightSpeed', 8)}`,
    ...spots.flatMap(placemark).map((line) => `    ${line}`),
    '</Folder>',
  ]);
  return zipFiles({ [TEMPLATE]: template, [WAYLINES]: waylines });
}

/**
 * A 58-waypoint route that leaves out what WPML lets a tool leave out: no payload, take-off
 * height, transit speed or fly-to mode, a template Folder without `wpml:waylineCoordinateSysParam`
 * or waypoints, and an execution Folder without wayline id or height mode. Waypoints carry only
 * their position, index and height.
 */
function sparseFiles(): Record<string, string> {
  const config = missionConfig([['finishAction', 'goHome']], [91, 0]);
  const template = kml([
    ...config,
    '<Folder>',
    `    ${leaf('templateType', 'waypoint')}`,
    `    ${leaf('templateId', 0)}`,
    `    ${leaf('autoFlightSpeed', 6)}`,
    '</Folder>',
  ]);
  const placemarks = grid(2, 29).map((s, i) =>
    [
      '<Placemark>',
      `<Point><coordinates>${String(s.lng)},${String(s.lat)}</coordinates></Point>`,
      leaf('index', i),
      leaf('executeHeight', 60 + (i % 5)),
      '</Placemark>',
    ].join(''),
  );
  const waylines = kml([
    ...config,
    '<Folder>',
    `    ${leaf('templateId', 0)}`,
    `    ${leaf('autoFlightSpeed', 6)}`,
    ...placemarks.map((line) => `    ${line}`),
    '</Folder>',
  ]);
  return { [TEMPLATE]: template, [WAYLINES]: waylines };
}

/** Seven waypoints in template.kml only, at its global height and speed; waylines.wpml has none. */
function templateOnlyKmz(): Uint8Array {
  const config = missionConfig(
    [
      ['finishAction', 'noAction'],
      ['takeOffSecurityHeight', 30],
      ['globalTransitionalSpeed', 10],
    ],
    [77, 0],
  );
  const placemarks = grid(1, 7).map((s, i) =>
    [
      '<Placemark>',
      `<Point><coordinates>${String(s.lng)},${String(s.lat)}</coordinates></Point>`,
      leaf('index', i),
      leaf('useGlobalHeight', 1),
      leaf('useGlobalSpeed', 1),
      '</Placemark>',
    ].join(''),
  );
  const template = kml([
    ...config,
    '<Folder>',
    `    ${leaf('templateType', 'waypoint')}`,
    `    ${leaf('templateId', 0)}`,
    `    <wpml:waylineCoordinateSysParam>${leaf('heightMode', 'relativeToStartPoint')}</wpml:waylineCoordinateSysParam>`,
    `    ${leaf('autoFlightSpeed', 7)}`,
    `    ${leaf('globalHeight', 55)}`,
    ...placemarks.map((line) => `    ${line}`),
    '</Folder>',
  ]);
  const waylines = kml([...config, '<Folder>', `    ${leaf('templateId', 0)}`, '</Folder>']);
  return zipFiles({ [TEMPLATE]: template, [WAYLINES]: waylines });
}

describe.each(backends.slice(0, 1))('routes from other planning tools on $name', (backend) => {
  const world = useSeededServer(backend);

  async function upload(bytes: Uint8Array, name: string, lang = 'en') {
    const url = new URL(WAYLINE_API.upload, world.server.url);
    url.searchParams.set('workspace_id', String(world.s.home));
    url.searchParams.set('name', name);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.s.operator}`,
        'content-type': 'application/octet-stream',
        'accept-language': lang,
      },
      body: bytes,
    });
    return { status: response.status, body: (await response.json()) as Envelope<Wayline> };
  }

  const codes = (warnings: WaylineWarning[]) => warnings.map((w) => w.code);

  it('keeps a grid survey for aircraft enum 68, showing it as an unknown model', async () => {
    const answer = await upload(gridSurveyKmz(), 'grid survey');
    expect(answer.status).toBe(200);
    const w = answer.body.data;
    expect(w).toMatchObject({
      waypoint_count: 12,
      drone_model_key: '0-68-0',
      payload_model_key: '',
    });
    expect(w.warnings).toEqual([
      {
        code: 'unknown_model',
        params: { value: '0-68-0' },
        message: 'unknown model 0-68-0: choose the aircraft in the route editor',
      },
    ]);

    // The list says it too, in the caller's language, and the editor opens the route.
    const list = await world.server.call<Page<Wayline>>('GET', WAYLINE_API.list, {
      token: world.s.operator,
      query: { workspace_id: world.s.home, name: 'grid survey' },
    });
    expect(list.body.data.data[0]?.warnings.map((x) => x.message)).toEqual([
      '未知机型 0-68-0：请在航线编辑中选择飞行器',
    ]);
    const route = await world.server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: world.s.operator,
      query: { id: w.id },
    });
    expect(route.status).toBe(200);
    expect(route.body.data.route.mission).toMatchObject({
      droneEnumValue: 68,
      droneSubEnumValue: 0,
    });
    expect(route.body.data.route.paths[0]?.points).toHaveLength(12);
  });

  it('keeps a 58-waypoint route without optional elements, naming each default', async () => {
    const answer = await upload(zipFiles(sparseFiles()), 'sparse route');
    expect(answer.status).toBe(200);
    const w = answer.body.data;
    expect(w).toMatchObject({
      waypoint_count: 58,
      drone_model_key: '0-91-0',
      payload_model_key: '',
      height_mode: 'relativeToStartPoint',
    });
    expect(codes(w.warnings)).toEqual(Array(w.warnings.length).fill('defaulted'));
    expect(w.warnings.map((x) => x.message)).toEqual(
      expect.arrayContaining([
        `${TEMPLATE}: wpml:takeOffSecurityHeight is missing, read as 20`,
        `${TEMPLATE}: wpml:globalTransitionalSpeed is missing, read as 10`,
        `${WAYLINES}: wpml:waylineId is missing, read as 0`,
        `${WAYLINES}: wpml:executeHeightMode is missing, read as relativeToStartPoint`,
      ]),
    );
  });

  it('reads waypoints found only in template.kml, and says so', async () => {
    const answer = await upload(templateOnlyKmz(), 'template only');
    expect(answer.status).toBe(200);
    const w = answer.body.data;
    expect(w.waypoint_count).toBe(7);
    expect(codes(w.warnings)).toContain('template_points');
    const route = await world.server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: world.s.operator,
      query: { id: w.id },
    });
    const points = route.body.data.route.paths[0]?.points ?? [];
    expect(points.map((p) => [p.height, p.speed])).toEqual(Array(7).fill([55, 7]));
  });

  it('still refuses a waypoint without a height, naming the element', async () => {
    const files = sparseFiles();
    const noHeight = (files[WAYLINES] ?? '').replace(
      /<wpml:executeHeight>[^<]*<\/wpml:executeHeight>/,
      '',
    );
    const answer = await upload(zipFiles({ ...files, [WAYLINES]: noHeight }), 'no height');
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(`${WAYLINES}: wpml:executeHeight is missing`);
  });
});
