/**
 * Property payloads (`osd` at a fixed rate, `state` on change) of aircraft, docks and remote
 * controllers: the subset the console shows (protocol §2–§3). Every field is optional because devices
 * send partial messages that must be merged, never replaced. Units follow the protocol doc.
 */

export interface PositionState {
  /** Docks: 0/1, whether the RTK position was calibrated. */
  is_calibration?: 0 | 1;
  /** 0 not started, 1 fixing, 2 fixed, 3 failed. */
  is_fixed?: number;
  /** 1–5 satellite level, 10 RTK fixed. */
  quality?: number;
  gps_number?: number;
  rtk_number?: number;
}

export interface BatteryPack {
  index: number;
  capacity_percent: number;
  /** mV. */
  voltage: number;
  /** °C. */
  temperature: number;
  loop_times?: number;
  sn?: string;
}

export interface AircraftBattery {
  /** Total remaining charge, 0–100 %. */
  capacity_percent: number;
  /** Seconds. */
  remain_flight_time?: number;
  return_home_power?: number;
  landing_power?: number;
  batteries?: BatteryPack[];
}

/** `thing/product/{aircraft_sn}/osd` `data`. */
export interface AircraftOsd {
  /** WGS84 degrees. */
  latitude?: number;
  longitude?: number;
  /** Ellipsoid height, m. */
  height?: number;
  /** Height above the take-off point, m. */
  elevation?: number;
  /** Degrees, −180…180, 0 = north, positive to the east. */
  attitude_head?: number;
  attitude_pitch?: number;
  attitude_roll?: number;
  /** m/s. */
  horizontal_speed?: number;
  vertical_speed?: number;
  /** Distance to the home point, m. */
  home_distance?: number;
  /** Aircraft-estimated wind, 0.1 m/s per unit (protocol §2.1 notes the CN docs' unit). */
  wind_speed?: number;
  /** 1 N … 8 NW, 0 none. */
  wind_direction?: number;
  /** Flight state, see `AIRCRAFT_MODE`. */
  mode_code?: number;
  gear?: number;
  track_id?: string;
  battery?: AircraftBattery;
  position_state?: PositionState;
  storage?: { total: number; used: number };
  height_limit?: number;
  /** 1 while the aircraft approaches a GEO zone or custom flight area boundary. */
  is_near_area_limit?: 0 | 1;
  /** 1 while it approaches its height limit. */
  is_near_height_limit?: 0 | 1;
  total_flight_time?: number;
  total_flight_distance?: number;
}

/** `thing/product/{aircraft_sn}/state` `data`: pushMode-1 properties, only those that changed. */
export interface AircraftState {
  firmware_version?: string;
  home_latitude?: number;
  home_longitude?: number;
  mode_code_reason?: number;
  control_source?: string;
  rth_altitude?: number;
  low_battery_warning_threshold?: number;
  serious_low_battery_warning_threshold?: number;
}

export interface DockNetworkState {
  /** 1 4G, 2 Ethernet. */
  type: number;
  /** 0 none … 5 good. */
  quality: number;
  /** KB/s. */
  rate: number;
}

export interface DockSubDevice {
  device_sn: string;
  device_model_key: string;
  device_online_status: 0 | 1;
  device_paired: 0 | 1;
}

/** `thing/product/{dock_sn}/osd` `data` (docks send it in several partial chunks). */
export interface DockOsd {
  mode_code?: number;
  flighttask_step_code?: number;
  drc_state?: number;
  latitude?: number;
  longitude?: number;
  height?: number;
  heading?: number;
  /** 0 closed, 1 open, 2 half-open, 3 abnormal. */
  cover_state?: number;
  /** 0 outside, 1 inside. */
  drone_in_dock?: 0 | 1;
  drone_charge_state?: { state: 0 | 1; capacity_percent: number };
  sub_device?: DockSubDevice;
  network_state?: DockNetworkState;
  position_state?: PositionState;
  storage?: { total: number; used: number };
  /** 0 none, 1 light, 2 moderate, 3 heavy. */
  rainfall?: number;
  /** m/s (unlike the aircraft's field). */
  wind_speed?: number;
  /** 0/1: a dock 1 reports its cover as `putter_state`. */
  putter_state?: number;
  home_position_is_valid?: 0 | 1;
  /** °C outside. */
  environment_temperature?: number;
  /** °C inside. */
  temperature?: number;
  /** %RH. */
  humidity?: number;
  /** V. */
  electric_supply_voltage?: number;
  /** mV. */
  working_voltage?: number;
  /** mA. */
  working_current?: number;
  backup_battery?: { switch: 0 | 1; voltage: number; temperature: number };
  /** 1 schedule mode (keeps ~55–60 %), 2 standby mode (keeps ~90–95 %). */
  battery_store_mode?: number;
  supplement_light_state?: 0 | 1;
  air_conditioner?: { air_conditioner_state: number; switch_time: number };
  emergency_stop_state?: 0 | 1;
  alarm_state?: 0 | 1;
  job_number?: number;
  media_file_detail?: { remain_upload: number };
  wireless_link?: DockWirelessLink;
  alternate_land_point?: DockAlternateLandPoint;
  drone_battery_maintenance_info?: DockBatteryMaintenance;
  /** Accumulated working time, s. */
  acc_time?: number;
  /** ms since the epoch. */
  first_power_on?: number;
  /** s since the epoch. */
  activation_time?: number;
  maintain_status?: { maintain_status_array: DockMaintainStatus[] };
  silent_mode?: 0 | 1;
  /** 0 not chosen, 1 declined, 2 agreed. */
  user_experience_improvement?: number;
  air_transfer_enable?: 0 | 1;
}

/** Dock `wireless_link`: the SDR and 4G links to its aircraft (qualities 0–5). */
export interface DockWirelessLink {
  dongle_number?: number;
  '4g_link_state'?: 0 | 1;
  sdr_link_state?: 0 | 1;
  /** 0 SDR only, 1 4G-fused. */
  link_workmode?: 0 | 1;
  sdr_quality?: number;
  '4g_quality'?: number;
  '4g_uav_quality'?: number;
  '4g_gnd_quality'?: number;
  /** GHz. */
  sdr_freq_band?: number;
  '4g_freq_band'?: number;
}

/** Dock `alternate_land_point`: where the aircraft lands when the dock cannot take it. */
export interface DockAlternateLandPoint {
  latitude: number;
  longitude: number;
  height: number;
  safe_land_height: number;
  is_configured: 0 | 1;
}

/** Dock `drone_battery_maintenance_info`. */
export interface DockBatteryMaintenance {
  /** 0 none, 1 pending, 2 in progress. */
  maintenance_state: number;
  /** Hours. */
  maintenance_time_left: number;
  /** 0 off, 1 heating, 2 keeping warm. */
  heat_state: number;
  /** Readings of 32767 mean unreadable. */
  batteries?: BatteryPack[];
}

/** One entry of the dock's `maintain_status_array`. */
export interface DockMaintainStatus {
  state: number;
  /** 17 routine, 18 deep (dock); 1 basic, 2 routine, 3 deep (aircraft). */
  last_maintain_type: number;
  /** s since the epoch. */
  last_maintain_time: number;
  last_maintain_work_sorties?: number;
}

/** `thing/product/{dock_sn}/state` `data`. */
export interface DockState {
  firmware_version?: string;
  live_status?: { video_id: string; video_type: string; video_quality: number; status: 0 | 1 }[];
  silent_mode?: 0 | 1;
}

/** `thing/product/{rc_sn}/osd` `data`. */
export interface RcOsd {
  latitude?: number;
  longitude?: number;
  height?: number;
  /** RC battery, %. */
  capacity_percent?: number;
}

/** `thing/product/{rc_sn}/state` `data`. */
export interface RcState {
  firmware_version?: string;
  cloud_control_auth?: string[];
  drc_state?: number;
}
