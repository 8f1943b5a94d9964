/**
 * The replay's exports and what it shows at the cursor: CSV rows per point (names that look like
 * formulas neutralised), GeoJSON lines per aircraft, lane states, DRC holders and alarm places.
 */
import { describe, expect, it } from 'vitest';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import { aircraftAt, alarmsNear, laneStateAt } from '../../../src/pages/replay/cursorFacts.ts';
import { fileNameOf, tracksCsv, tracksGeoJson } from '../../../src/pages/replay/exportTracks.ts';

const FROM = Date.UTC(2026, 2, 10, 2);
const WINDOW: ReplayWindow = {
  from: FROM,
  to: FROM + 600_000,
  bucket_ms: 0,
  kept_from: null,
  devices: [
    {
      sn: 'D1',
      name: '机场',
      domain: 3,
      gateway_sn: null,
      model_name: '',
      latitude: 22.4,
      longitude: 113.8,
    },
    {
      sn: 'U1',
      name: '=HYPERLINK("x")',
      domain: 0,
      gateway_sn: 'D1',
      model_name: '',
      latitude: null,
      longitude: null,
    },
  ],
  tracks: [
    {
      sn: 'U1',
      t: [0, 1_000, 2_000],
      lng: [113.9, 113.9001, 113.9002],
      lat: [22.5, 22.5, 22.5],
      height: [10, 20, null],
      speed: [1, 2, 3],
      battery: [90, 90, 89],
      mode: [5, 5, 5],
    },
  ],
  lanes: [
    {
      sn: 'U1',
      start: [FROM, FROM + 3_000],
      end: [FROM + 3_000, FROM + 600_000],
      state: ['flying', 'offline'],
    },
  ],
  drc: [
    { dock_sn: 'D1', aircraft_sn: 'U1', username: 'pilot', start: FROM + 500, end: FROM + 1_500 },
  ],
  events: [
    {
      id: 'hms-1',
      kind: 'hms',
      t: FROM + 1_000,
      sn: 'U1',
      dock_sn: 'D1',
      level: 2,
      label: '0x1',
      detail: '',
      user: null,
      lat: null,
      lng: null,
      until: null,
      ref: 1,
    },
    {
      id: 'ai_alarm-2',
      kind: 'ai_alarm',
      t: FROM + 100_000,
      sn: 'U1',
      dock_sn: null,
      level: 1,
      label: 'person',
      detail: '',
      user: null,
      lat: 22.6,
      lng: 114,
      until: null,
      ref: 2,
    },
  ],
  truncated: false,
};

describe('replay exports', () => {
  it('writes one CSV row per point with a BOM, formulas neutralised', () => {
    const titles = {
      device: 'sn',
      name: 'name',
      time: 'time',
      longitude: 'lng',
      latitude: 'lat',
      height: 'h',
      speed: 's',
      battery: 'b',
      mode: 'm',
    };
    const lines = tracksCsv(WINDOW, titles).split('\r\n');
    expect(lines[0]).toBe('\uFEFFsn,name,time,lng,lat,h,s,b,m');
    expect(lines[1]).toBe(`U1,"'=HYPERLINK(""x"")",2026-03-10T02:00:00.000Z,113.9,22.5,10,1,90,5`);
    expect(lines[3]).toBe(`U1,"'=HYPERLINK(""x"")",2026-03-10T02:00:02.000Z,113.9002,22.5,,3,89,5`);
    expect(lines).toHaveLength(5);
  });

  it('writes a GeoJSON line per aircraft with its times', () => {
    const geo = tracksGeoJson(WINDOW);
    expect(geo.features).toHaveLength(1);
    expect(geo.features[0]?.geometry.coordinates[2]).toEqual([113.9002, 22.5]);
    expect(geo.features[0]?.properties.times[1]).toBe('2026-03-10T02:00:01.000Z');
    expect(fileNameOf(WINDOW, 'csv')).toBe('replay-20260310T0200Z-20260310T0210Z.csv');
  });
});

describe('replay at the cursor', () => {
  it('gives each aircraft its place, state and DRC pilot', () => {
    const [u] = aircraftAt(WINDOW, FROM + 1_000);
    expect(u).toMatchObject({ sn: 'U1', state: 'flying', holder: 'pilot' });
    expect(u?.sample?.lng).toBe(113.9001);
    const later = aircraftAt(WINDOW, FROM + 10_000)[0];
    expect(later).toMatchObject({ state: 'offline', holder: null, sample: null });
    expect(laneStateAt(undefined, FROM)).toBe('offline');
  });

  it('places alarms near the cursor, an HMS alarm where its aircraft was', () => {
    expect(alarmsNear(WINDOW, FROM + 500, 60_000)).toEqual([]);
    const at = alarmsNear(WINDOW, FROM + 2_000, 60_000);
    expect(at).toEqual([{ id: 'hms-1', kind: 'hms', level: 2, lng: 113.9001, lat: 22.5 }]);
    // The AI alarm is a minute and more old at the end; the HMS alarm is still active.
    expect(alarmsNear(WINDOW, FROM + 200_000, 60_000).map((a) => a.id)).toEqual(['hms-1']);
    expect(alarmsNear(WINDOW, FROM + 120_000, 60_000).map((a) => a.id)).toEqual([
      'hms-1',
      'ai_alarm-2',
    ]);
  });
});
