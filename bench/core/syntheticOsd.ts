import type { JsonObject } from '../../protocol/telemetry.ts';

/** Centre of the synthetic fleet: Shenzhen, like the simulator's default. */
const CENTRE = { latitude: 22.54, longitude: 113.95 };

/**
 * A protocol-shaped aircraft `osd` body (protocol §2.1) for device `index` at time step `step`:
 * about fifty top-level fields with the nested blocks a real M30/M3D sends (`battery` with two packs,
 * `position_state`, `storage`, limits, a payload gimbal). Position, attitude, speeds and battery move
 * every step; configuration stays put, as on a real aircraft.
 */
export function syntheticOsd(index: number, step: number): JsonObject {
  const angle = (index * 0.37 + step * 0.01) % (2 * Math.PI);
  const radius = 0.02 + (index % 50) * 0.001;
  const charge = Math.max(20, 100 - ((step + index) % 800) / 10);
  return {
    ...motion(angle, radius, step),
    ...safety(index),
    battery: battery(index, charge),
    position_state: { is_fixed: 2, quality: 5, gps_number: 18 + (step % 4), rtk_number: 30 },
    storage: { total: 61_440_000, used: 1_024_000 + index * 10 },
    mode_code: 5,
    gear: 1,
    track_id: `track-${index}-0001`,
    wind_speed: 30 + (step % 20),
    wind_direction: 1 + (step % 8),
    total_flight_time: 360_000 + index,
    total_flight_distance: 1_250_000 + index,
    total_flight_sorties: 420,
    activation_time: 1_690_000_000,
    '52-0-0': { gimbal_pitch: -45, gimbal_roll: 0, gimbal_yaw: angle * 57.3, zoom_factor: 2 },
    cameras: [camera(step)],
    remaining_power_for_return_home: 25,
    mode_code_reason: 0,
    silent_mode: 0,
    uom_real_name_state: 1,
    rid_state: 1,
  };
}

function motion(angle: number, radius: number, step: number): JsonObject {
  return {
    latitude: CENTRE.latitude + radius * Math.sin(angle),
    longitude: CENTRE.longitude + radius * Math.cos(angle),
    height: 120.5 + (step % 30) * 0.1,
    elevation: 100 + (step % 30) * 0.1,
    attitude_pitch: -4.2 + (step % 7) * 0.3,
    attitude_roll: 1.1 - (step % 5) * 0.2,
    attitude_head: ((angle * 57.3 + 90) % 360) - 180,
    horizontal_speed: 8 + (step % 10) * 0.1,
    vertical_speed: 0.1 * ((step % 3) - 1),
    home_distance: radius * 111_000,
  };
}

function safety(index: number): JsonObject {
  return {
    height_limit: 500,
    distance_limit_status: { state: 1, distance_limit: 5000, is_near_distance_limit: 0 },
    is_near_area_limit: 0,
    is_near_height_limit: 0,
    obstacle_avoidance: { horizon: 1, upside: 1, downside: 1 },
    night_lights_state: 0,
    rth_altitude: 120,
    rc_lost_action: 2,
    exit_wayline_when_rc_lost: 1,
    current_rth_mode: 1,
    commander_flight_height: 100,
    commander_mode_lost_action: 1,
    current_commander_flight_mode: 1,
    low_battery_warning_threshold: 30,
    serious_low_battery_warning_threshold: 15,
    firmware_upgrade_status: 0,
    compatible_status: 0,
    is_in_fixed_speed: 0,
    camera_watermark_settings: { global_enable: 0, drone_type_enable: 1, drone_sn_enable: 0 },
    maintain_status: { maintain_status_array: [{ state: 0, last_maintain_type: 1, index }] },
  };
}

function camera(step: number): JsonObject {
  return {
    payload_index: '52-0-0',
    camera_mode: 1,
    photo_state: 0,
    recording_state: 1,
    record_time: step / 10,
    zoom_factor: 2,
    ir_zoom_factor: 2,
    remain_photo_num: 4_000,
    remain_record_duration: 20_000,
    liveview_world_region: { left: 0.4, top: 0.4, right: 0.6, bottom: 0.6 },
  };
}

function battery(index: number, charge: number): JsonObject {
  const pack = (slot: number): JsonObject => ({
    capacity_percent: Math.round(charge),
    index: slot,
    sn: `BAT${index}${slot}`,
    type: 0,
    sub_type: 0,
    firmware_version: '01.02.0300',
    loop_times: 88,
    voltage: 15_000 + Math.round(charge * 20),
    temperature: 31.5,
    high_voltage_storage_days: 2,
  });
  return {
    capacity_percent: Math.round(charge),
    remain_flight_time: Math.round(charge * 18),
    return_home_power: 25,
    landing_power: 10,
    batteries: [pack(0), pack(1)],
  };
}
