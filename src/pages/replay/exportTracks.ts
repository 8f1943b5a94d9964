/**
 * The window's tracks as files: CSV (one row per point, UTF-8 with a byte-order mark so Excel reads
 * Chinese names) and GeoJSON (one LineString per aircraft with the times and readings of its points
 * as parallel arrays, WGS-84 as the format requires). Builders are pure; `saveTracks` downloads.
 */
import type { ReplayDevice, ReplayTrack, ReplayWindow } from '../../../protocol/replay.ts';
import { saveBlob } from '../../lib/saveBlob.ts';

/** Column titles of the CSV, in the reader's language. */
export interface CsvTitles {
  device: string;
  name: string;
  time: string;
  longitude: string;
  latitude: string;
  height: string;
  speed: string;
  battery: string;
  mode: string;
}

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; text a spreadsheet would
 * run as a formula (a device name starting with =, +, -, @) is prefixed with an apostrophe.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const nameOf = (devices: readonly ReplayDevice[], sn: string): string =>
  devices.find((d) => d.sn === sn)?.name ?? '';

/** The CSV text of every point of `w`'s tracks. */
export function tracksCsv(w: ReplayWindow, titles: CsvTitles): string {
  const header = [
    titles.device,
    titles.name,
    titles.time,
    titles.longitude,
    titles.latitude,
    titles.height,
    titles.speed,
    titles.battery,
    titles.mode,
  ];
  const lines = [header.map(field).join(',')];
  for (const track of w.tracks) {
    const name = nameOf(w.devices, track.sn);
    for (const [i, t] of track.t.entries())
      lines.push(
        [
          track.sn,
          name,
          new Date(w.from + t).toISOString(),
          track.lng[i] ?? null,
          track.lat[i] ?? null,
          track.height[i] ?? null,
          track.speed[i] ?? null,
          track.battery[i] ?? null,
          track.mode[i] ?? null,
        ]
          .map(field)
          .join(','),
      );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function feature(w: ReplayWindow, track: ReplayTrack) {
  return {
    type: 'Feature' as const,
    properties: {
      device_sn: track.sn,
      name: nameOf(w.devices, track.sn),
      times: track.t.map((t) => new Date(w.from + t).toISOString()),
      height: track.height,
      speed: track.speed,
      battery: track.battery,
      mode: track.mode,
    },
    geometry: {
      type: 'LineString' as const,
      coordinates: track.lng.map((lng, i) => [lng, track.lat[i] ?? 0]),
    },
  };
}

/** The GeoJSON FeatureCollection of `w`'s tracks, with the window and its bucket as properties. */
export function tracksGeoJson(w: ReplayWindow) {
  return {
    type: 'FeatureCollection' as const,
    properties: {
      from: new Date(w.from).toISOString(),
      to: new Date(w.to).toISOString(),
      bucket_ms: w.bucket_ms,
    },
    features: w.tracks.filter((t) => t.t.length > 0).map((t) => feature(w, t)),
  };
}

/** A file name for the window: `replay-20260310T0200Z-20260310T0300Z.csv`. */
export function fileNameOf(w: Pick<ReplayWindow, 'from' | 'to'>, extension: string): string {
  const stamp = (ms: number) =>
    new Date(ms).toISOString().slice(0, 16).replaceAll('-', '').replace(':', '');
  return `replay-${stamp(w.from)}Z-${stamp(w.to)}Z.${extension}`;
}

/** Downloads the window's tracks as CSV or GeoJSON. */
export function saveTracks(w: ReplayWindow, format: 'csv' | 'geojson', titles: CsvTitles): void {
  if (format === 'csv') {
    const blob = new Blob([tracksCsv(w, titles)], { type: 'text/csv;charset=utf-8' });
    saveBlob(blob, fileNameOf(w, 'csv'));
    return;
  }
  const blob = new Blob([JSON.stringify(tracksGeoJson(w))], { type: 'application/geo+json' });
  saveBlob(blob, fileNameOf(w, 'geojson'));
}
