/** The `osd_info_push` and `delay_info_push` data of a simulated aircraft under DRC (protocol §5.3). */
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import type { SimCamera } from './simCamera.ts';
import type { Data } from './simDrcCodes.ts';

/** Base command-link delay the dock reports, ms. */
const BASE_SDR_DELAY_MS = 30;
const BASE_LIVEVIEW_DELAY_MS = 180;

/** The `osd_info_push` data. Speeds: `speed_x` north, `speed_y` east (the manual model's own vector while the pilot flies). */
export function osdInfo(def: SimUnitDef, s: UnitState, camera: SimCamera): Data {
  const m = s.manual;
  const rad = (s.heading * Math.PI) / 180;
  const manualFlight = m && s.phase === 'patrol';
  return {
    attitude_head: Number(s.heading.toFixed(1)),
    latitude: Number(s.pos.lat.toFixed(7)),
    longitude: Number(s.pos.lng.toFixed(7)),
    height: Number((def.homeHeight + s.elevation).toFixed(2)),
    speed_x: Number((manualFlight ? m.vNorth : s.horizontalSpeed * Math.cos(rad)).toFixed(2)),
    speed_y: Number((manualFlight ? m.vEast : s.horizontalSpeed * Math.sin(rad)).toFixed(2)),
    speed_z: Number(s.verticalSpeed.toFixed(2)),
    gimbal_pitch: camera.gimbalPitch,
    gimbal_roll: 0,
    gimbal_yaw: Number(s.heading.toFixed(1)),
  };
}

/** The `delay_info_push` data: the base delays plus the injected extra, ms. */
export function delayInfo(def: SimUnitDef, camera: SimCamera, extra: number): Data {
  return {
    sdr_cmd_delay: BASE_SDR_DELAY_MS + extra,
    liveview_delay_list: [
      {
        video_id: `${def.aircraft.sn}/${camera.mode === 1 ? 'video' : 'photo'}-0/normal-0`,
        liveview_delay_time: BASE_LIVEVIEW_DELAY_MS + extra,
      },
    ],
  };
}
