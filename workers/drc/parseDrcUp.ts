/**
 * Decodes a `drc/up` payload into the typed message the cockpit reads. Devices send what they send:
 * anything malformed, or a method the cockpit does not read, answers `null` instead of throwing.
 */
import type { DrcUpMessage } from '../../protocol/mqtt/drc.ts';
import { isObject, num, readJson } from '../read/looseJson.ts';
import type { Loose } from '../read/looseJson.ts';

/** The typed message in `payload`, or `null`. */
export function parseDrcUp(payload: Uint8Array): DrcUpMessage | null {
  const value = readJson(payload);
  if (!isObject(value) || !isObject(value.data) || typeof value.method !== 'string') return null;
  const seq = num(value.seq) ?? 0;
  const timestamp = num(value.timestamp) ?? undefined;
  const base = { seq, ...(timestamp === undefined ? {} : { timestamp }) };
  const data = value.data;
  switch (value.method) {
    case 'osd_info_push':
      return { ...base, method: 'osd_info_push', data: osdOf(data) };
    case 'hsi_info_push':
      return {
        ...base,
        method: 'hsi_info_push',
        data: {
          up_distance: num(data.up_distance) ?? 60_000,
          down_distance: num(data.down_distance) ?? 60_000,
          around_distances: Array.isArray(data.around_distances)
            ? data.around_distances.map((d) => num(d) ?? 60_000)
            : [],
        },
      };
    case 'delay_info_push': {
      const delay = num(data.sdr_cmd_delay);
      if (delay === null) return null;
      // The video delays ride along untyped; the cockpit reads the first one when present.
      const delays = {
        sdr_cmd_delay: delay,
        liveview_delay_list: listOf(data.liveview_delay_list),
      };
      return { ...base, method: 'delay_info_push', data: delays };
    }
    case 'heart_beat': {
      const ts = num(data.timestamp);
      return ts === null ? null : { ...base, method: 'heart_beat', data: { timestamp: ts } };
    }
    case 'drone_emergency_stop':
      return { ...base, method: 'drone_emergency_stop', data: { result: num(data.result) ?? -1 } };
    default:
      return null;
  }
}

function osdOf(data: Loose) {
  const n = (key: string): number => num(data[key]) ?? 0;
  return {
    attitude_head: n('attitude_head'),
    latitude: n('latitude'),
    longitude: n('longitude'),
    height: n('height'),
    speed_x: n('speed_x'),
    speed_y: n('speed_y'),
    speed_z: n('speed_z'),
    gimbal_pitch: n('gimbal_pitch'),
    gimbal_roll: n('gimbal_roll'),
    gimbal_yaw: n('gimbal_yaw'),
  };
}

function listOf(value: unknown): { video_id: string; liveview_delay_time: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!isObject(item)) return [];
    const ms = num(item.liveview_delay_time);
    return ms === null
      ? []
      : [
          {
            video_id: typeof item.video_id === 'string' ? item.video_id : '',
            liveview_delay_time: ms,
          },
        ];
  });
}
