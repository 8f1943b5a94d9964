/**
 * The dock's `osd`, split as a real dock splits it: a fast part every second (mission, cover,
 * charging, weather, climate, power) and a slow part every few seconds (position, storage, links,
 * maintenance and service counters). Consoles merge the parts (protocol §2.2). Every field of the
 * protocol's dock osd table is sent with a value consistent with the unit's state.
 */
import type { DockOsd } from '../../protocol/mqtt/osd.ts';
import { STORAGE_TOTAL_KB } from './dockSystems.ts';
import { dockDrcState } from './drc/drcModes.ts';
import type { SimUnitDef } from './fleet.ts';
import { offset } from '../physics/geodesy.ts';
import type { Phase, UnitState } from './unitState.ts';

/** flighttask_step_code: 0 preparing, 1 flying, 2 recovering, 5 idle (protocol §2.2). */
const TASK_STEP_BY_PHASE: Readonly<Record<Phase, number>> = {
  docked: 5,
  preparing: 0,
  takeoff: 1,
  patrol: 1,
  returning: 1,
  landing: 1,
  closing: 2,
};
/** Dock 1 reports its cover as a putter (protocol §2.2). */
const DOCK1_MODEL = '3-1-0';
/** Where the alternate landing point stands from the dock, m east and north. */
const ALTERNATE_EAST_M = 25;
const ALTERNATE_NORTH_M = 10;
/** Cabinet draw, mA at the dock's 24 V bus: idle, charging, air conditioner running. */
const IDLE_MA = 900;
const CHARGING_MA = 4_500;
const AC_MA = 2_500;

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

const inDock = (s: UnitState): boolean =>
  s.phase === 'docked' || s.phase === 'closing' || s.phase === 'preparing';

const charging = (s: UnitState): boolean => inDock(s) && s.battery < 100;

/** The fast part: what changes from second to second. */
export function dockOsdFast(def: SimUnitDef, s: UnitState): DockOsd {
  const { dock, weather } = s;
  const cover = def.dock.modelKey === DOCK1_MODEL ? { putter_state: s.cover } : {};
  const current =
    IDLE_MA + (charging(s) ? CHARGING_MA : 0) + (dock.airConditioner === 0 ? 0 : AC_MA);
  return {
    mode_code: s.phase === 'docked' ? 0 : 4,
    flighttask_step_code: TASK_STEP_BY_PHASE[s.phase],
    drc_state: dockDrcState(s),
    cover_state: s.cover,
    ...cover,
    drone_in_dock: inDock(s) ? 1 : 0,
    drone_charge_state: { state: charging(s) ? 1 : 0, capacity_percent: Math.round(s.battery) },
    network_state: {
      type: dock.network.type,
      quality: dock.network.quality,
      rate: round(dock.network.rate, 1),
    },
    rainfall: weather.rainfall,
    wind_speed: round(Math.max(0, weather.wind + weather.gust), 1),
    environment_temperature: round(weather.temperature, 1),
    temperature: round(dock.inside, 1),
    humidity: Math.round(weather.humidity),
    air_conditioner: {
      air_conditioner_state: dock.airConditioner,
      switch_time: Math.round(dock.acSince),
    },
    electric_supply_voltage: Math.round(dock.supplyVoltage),
    working_voltage: 24_000 + Math.round((dock.supplyVoltage - 220) * 10),
    working_current: current,
    // The landing lights help the aircraft's vision while it takes off and lands.
    supplement_light_state: s.phase === 'preparing' || s.phase === 'landing' ? 1 : 0,
    emergency_stop_state: 0,
    alarm_state: 0,
  };
}

/** The slow part: position, links, storage, battery care and the service counters. */
export function dockOsdSlow(def: SimUnitDef, s: UnitState, now: number): DockOsd {
  const { dock } = s;
  const alternate = offset(def.home, ALTERNATE_EAST_M, ALTERNATE_NORTH_M);
  const nowS = Math.floor(now / 1_000);
  return {
    latitude: round(def.home.lat, 7),
    longitude: round(def.home.lng, 7),
    height: round(def.homeHeight, 2),
    heading: 0,
    home_position_is_valid: 1,
    sub_device: {
      device_sn: def.aircraft.sn,
      device_model_key: def.aircraft.modelKey,
      device_online_status: 1,
      device_paired: 1,
    },
    position_state: {
      is_calibration: 1,
      is_fixed: 2,
      quality: 10,
      gps_number: s.gps,
      rtk_number: s.rtk,
    },
    wireless_link: {
      dongle_number: 1,
      '4g_link_state': 1,
      sdr_link_state: 1,
      link_workmode: 1,
      sdr_quality: dock.sdrQuality,
      '4g_quality': dock.lteQuality,
      '4g_uav_quality': dock.lteQuality,
      '4g_gnd_quality': dock.lteQuality,
      sdr_freq_band: 5.8,
      '4g_freq_band': 2.6,
    },
    storage: { total: STORAGE_TOTAL_KB, used: dock.storageUsedKb },
    alternate_land_point: {
      latitude: round(alternate.lat, 7),
      longitude: round(alternate.lng, 7),
      height: round(def.homeHeight, 2),
      safe_land_height: 30,
      is_configured: 1,
    },
    backup_battery: {
      switch: 0,
      voltage: Math.round(dock.backupVoltage),
      temperature: round(dock.inside, 1),
    },
    battery_store_mode: dock.batteryStoreMode,
    drone_battery_maintenance_info: {
      maintenance_state: 0,
      maintenance_time_left: 0,
      heat_state: dock.inside < 10 ? 1 : 0,
      batteries: [
        {
          index: 0,
          capacity_percent: Math.round(s.battery),
          voltage: 15_400 + Math.round(s.battery * 20),
          temperature: round(dock.inside + 2, 1),
        },
      ],
    },
    media_file_detail: { remain_upload: dock.remainUpload },
    job_number: dock.jobNumber,
    acc_time: Math.round(dock.accTime),
    activation_time: Math.round(nowS - dock.ageS),
    first_power_on: Math.round(now - (dock.ageS + 3_600) * 1_000),
    maintain_status: {
      maintain_status_array: [
        {
          state: 0,
          last_maintain_type: 17,
          last_maintain_time: Math.round(nowS - dock.serviceAgeS),
          last_maintain_work_sorties: dock.sortiesSinceService,
        },
      ],
    },
    silent_mode: 0,
    user_experience_improvement: 2,
    air_transfer_enable: 1,
  };
}
