/**
 * A replay window written as JSON (`ReplayWindowAnswer`, protocol/replay.ts). The tracks' number lists are
 * written as the database gave them (columnText.ts): an hour of 200 aircraft is some 30 MB of
 * numbers that would otherwise be parsed into arrays and encoded again. Everything else, small, goes
 * through `JSON.stringify`.
 */
import { TRACK_KEYS, WIRE_NAMES, type TrackText } from './columnText.ts';
import type { WindowRead } from './replayWindow.ts';

/** One track as a JSON object of arrays (`ReplayTrackWire`). */
function trackJson(track: TrackText): string {
  const columns = TRACK_KEYS.map((key) => `"${WIRE_NAMES[key]}":[${track[key]}]`);
  return `{"sn":${JSON.stringify(track.sn)},${columns.join(',')}}`;
}

/** The JSON text of `read`, a `ReplayWindowAnswer`. */
export function windowJson(read: WindowRead): string {
  const { tracks, ...rest } = read;
  // `rest` always has fields (from, to…), so its text opens with `{"` and the tracks go first.
  return `{"tracks":[${tracks.map(trackJson).join(',')}],${JSON.stringify(rest).slice(1)}`;
}

/** The success envelope (protocol/http.ts) around JSON text that is already written. */
export function envelopeJson(code: number, msg: string, dataJson: string): string {
  return `{"code":${String(code)},"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
}
