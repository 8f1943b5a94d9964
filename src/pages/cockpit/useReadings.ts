/**
 * What the HUD shows, merged from two feeds: the DRC `osd_info_push` (10 Hz: position, heading,
 * speeds) while a session runs, and the aircraft's normal `osd` (battery, mode, satellites, wind,
 * attitude) from the fleet store. The faster one wins where both say the same thing.
 */
import { useSyncExternalStore } from 'react';
import { aircraftMode, type AircraftMode } from '../../../protocol/mqtt/enums.ts';
import { clock } from '../../lib/clock.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { aircraftOsd, aircraftState, dockOsd } from '../../fleet/derive/fields.ts';
import type { CockpitFeed } from './cockpitFeed.ts';

/** DRC osd older than this no longer beats the normal osd (ms). */
const DRC_FRESH_MS = 2_000;

export interface Readings {
  lat: number | null;
  lon: number | null;
  heading: number | null;
  pitch: number | null;
  roll: number | null;
  agl: number | null;
  asl: number | null;
  hSpeed: number | null;
  vSpeed: number | null;
  homeDistance: number | null;
  homeLat: number | null;
  homeLon: number | null;
  battery: number | null;
  /** Remaining flight time, s. */
  remainS: number | null;
  gps: number | null;
  rtk: number | null;
  /** m/s. */
  wind: number | null;
  /** Dock SDR link quality 0–5. */
  signal: number | null;
  modeCode: number | null;
  modeName: AircraftMode | null;
  /** Newest data of either feed, ms since epoch. */
  dataAt: number | null;
}

/** The HUD's readings of `aircraftSn` (with its dock `dockSn`). */
export function useReadings(aircraftSn: string, dockSn: string, feed: CockpitFeed): Readings {
  useSyncExternalStore(feed.subscribe, feed.version);
  const live = useDeviceTelemetry(aircraftSn);
  const dock = useDeviceTelemetry(dockSn);
  const osd = aircraftOsd(live);
  const state = aircraftState(live);
  const { osd: drc, osdAt } = feed.live;
  const fresh = drc !== null && osdAt !== null && clock.now() - osdAt < DRC_FRESH_MS ? drc : null;
  const modeCode = osd.num('mode_code');
  const windUnits = osd.num('wind_speed');
  return {
    lat: fresh?.latitude ?? osd.num('latitude'),
    lon: fresh?.longitude ?? osd.num('longitude'),
    heading: fresh?.attitude_head ?? osd.num('attitude_head'),
    pitch: osd.num('attitude_pitch'),
    roll: osd.num('attitude_roll'),
    agl: osd.num('elevation'),
    asl: fresh?.height ?? osd.num('height'),
    hSpeed: fresh === null ? osd.num('horizontal_speed') : Math.hypot(fresh.speed_x, fresh.speed_y),
    vSpeed: fresh?.speed_z ?? osd.num('vertical_speed'),
    homeDistance: osd.num('home_distance'),
    homeLat: state.num('home_latitude') ?? dockOsd(dock).num('latitude'),
    homeLon: state.num('home_longitude') ?? dockOsd(dock).num('longitude'),
    battery: osd.num('battery.capacity_percent'),
    remainS: osd.num('battery.remain_flight_time'),
    gps: osd.num('position_state.gps_number'),
    rtk: osd.num('position_state.rtk_number'),
    wind: windUnits === null ? null : windUnits / 10,
    signal: dockOsd(dock).num('wireless_link.sdr_quality'),
    modeCode,
    modeName: modeCode === null ? null : aircraftMode(modeCode),
    dataAt: Math.max(osdAt ?? 0, live?.receivedAt ?? 0) || null,
  };
}
