/**
 * The virtual-cockpit (DRC session) contract between the console and the server (protocol §5).
 * The server owns the session: it grabs flight and payload authority, sends `drc_mode_enter` to the
 * dock, records who holds the drone, and lets only that holder's MQTT connection publish `drc/down`.
 * Sticks, heartbeats and e-stops then travel over the tab's own MQTT link (the worker), not over HTTP;
 * the message shapes on `drc/down|up` live in `protocol/mqtt/drc.ts`.
 */

/** Routes of the DRC session service. */
export const DRC_API = {
  /** POST {@link DrcEnterInput} → {@link DrcSession}. Needs permission {@link DRC_PERMISSION}. */
  enter: '/api/drc/enter',
  /** POST {@link DrcExitInput} → {@link DrcStatus}. The holder (or an admin of the workspace) leaves DRC. */
  exit: '/api/drc/exit',
  /** GET `?dock_sn=` → {@link DrcStatus}. Any signed-in user whose workspace holds the dock. */
  status: '/api/drc/status',
  /** POST {@link DrcCommandInput} → {@link DrcCommandResult}. Only the holder. */
  command: '/api/drc/command',
  /**
   * GET → {@link DrcGuardSettings} of the signed-in user (the defaults before the first save);
   * POST {@link DrcGuardSettings} → the saved settings. Page `drone_ctl`.
   */
  guard: '/api/drc/guard',
} as const;

/**
 * The cockpit's latency-guard thresholds, kept per user: from `warn_ms` of link delay or data age
 * the cockpit warns and limits stick authority, from `stop_ms` it stops the sticks. Whole ms within
 * {@link DRC_GUARD_LIMITS}, `warn_ms` below `stop_ms` (a 400 names `stop_ms` otherwise).
 */
export interface DrcGuardSettings {
  warn_ms: number;
  stop_ms: number;
}

export const DRC_GUARD_LIMITS = { min: 50, max: 10_000 } as const;

/** 300 ms is where manual flying starts to feel late; at 800 ms a correction lands after the fact. */
export const DRC_GUARD_DEFAULTS: DrcGuardSettings = { warn_ms: 300, stop_ms: 800 };

/** The permission (button) code a role needs to enter DRC and send cockpit commands. */
export const DRC_PERMISSION = 'drc:control';

/** Rate of `osd_info_push` the server asks the dock for, Hz (protocol §5.1: 1–30). */
export const DRC_OSD_HZ = 10;
/** Rate of `hsi_info_push` the server asks the dock for, Hz (the issue asks for 1–5). */
export const DRC_HSI_HZ = 2;
/**
 * Seconds without a `heart_beat` from the holder on `drc/down` after which the server leaves DRC.
 * Shorter than the dock's own 60 s (protocol §5.2) so a closed tab frees the drone quickly.
 */
export const DRC_HEARTBEAT_TIMEOUT_S = 15;
/** Lifetime of the broker credentials handed to the dock in `drc_mode_enter`, seconds. */
export const DRC_CREDENTIAL_TTL_S = 3600;

/** Body of `enter`. */
export interface DrcEnterInput {
  /** Workspace the caller acts in; the dock must belong to it (or to a child workspace). */
  workspace_id: number;
  /** Serial number of the dock (the DRC gateway; never the aircraft's). */
  dock_sn: string;
}

/** Body of `exit`. */
export interface DrcExitInput {
  dock_sn: string;
}

/** Who holds a drone. */
export interface DrcHolder {
  user_id: number;
  username: string;
}

/** A granted session, the answer of `enter`. */
export interface DrcSession {
  dock_sn: string;
  /** The dock's aircraft; its `osd`/`state` topics carry the normal telemetry. */
  aircraft_sn: string;
  holder: DrcHolder;
  /** When the session began, ms since epoch. */
  since: number;
  /** When the dock's DRC broker credentials expire, ms since epoch (re-enter before this). */
  expires_at: number;
  /** Requested `osd_info_push` rate on `drc/up`, Hz. */
  osd_hz: number;
  /** Requested `hsi_info_push` rate on `drc/up`, Hz. */
  hsi_hz: number;
  /** The client sends `heart_beat` on `drc/down` at least this often; silence longer ends the session, s. */
  heartbeat_timeout_s: number;
}

/** Answer of `status` (and of `exit`, describing the state after leaving). */
export interface DrcStatus {
  dock_sn: string;
  /** The dock's aircraft, or null when the dock has none registered. */
  aircraft_sn: string | null;
  /** Who flies it now, or null when nobody does. */
  holder: DrcHolder | null;
  /** Session start, ms since epoch; null without a holder. */
  since: number | null;
  /** Session credentials' expiry, ms since epoch; null without a holder. */
  expires_at: number | null;
  /** Whether the dock is in DRC mode (a holder exists). */
  in_drc: boolean;
}

/** Services the holder may call through `command` (protocol §5.5, §6.6). */
export const DRC_COMMAND_METHODS = [
  'takeoff_to_point',
  'fly_to_point',
  'fly_to_point_update',
  'fly_to_point_stop',
  'return_home',
  'return_home_cancel',
  'flighttask_pause',
  'flighttask_recovery',
  'camera_mode_switch',
  'camera_photo_take',
  'camera_recording_start',
  'camera_recording_stop',
  'camera_focal_length_set',
  'gimbal_reset',
] as const;
export type DrcCommandMethod = (typeof DRC_COMMAND_METHODS)[number];

/** One point of `fly_to_point` (exactly one per call). Height is ellipsoid metres, 2–10000. */
export interface DrcFlyPoint {
  latitude: number;
  longitude: number;
  height: number;
}

/**
 * `data` of each command, as sent to the dock (protocol §5.5). The server fills ids the client omits
 * (`flight_id`, `fly_to_id`) and defaults (`payload_index` of the aircraft's main camera).
 */
export interface DrcCommandData {
  takeoff_to_point: {
    target_latitude: number;
    target_longitude: number;
    /** Ellipsoid metres, 2–1500. */
    target_height: number;
    /** Metres above the dock, 20–1500. */
    security_takeoff_height: number;
    /** Metres above the dock, 2–1500. */
    rth_altitude: number;
    /** 0 hover, 1 land, 2 return home (default 2). */
    rc_lost_action?: number;
    /** m/s, 1–15 (default 10). */
    max_speed?: number;
    flight_id?: string;
  };
  fly_to_point: { max_speed: number; points: [DrcFlyPoint]; fly_to_id?: string };
  fly_to_point_update: { max_speed: number; points: [DrcFlyPoint] };
  fly_to_point_stop: Record<string, never>;
  return_home: Record<string, never>;
  return_home_cancel: Record<string, never>;
  flighttask_pause: Record<string, never>;
  flighttask_recovery: Record<string, never>;
  /** 0 photo, 1 video. */
  camera_mode_switch: { camera_mode: 0 | 1; payload_index?: string };
  camera_photo_take: { payload_index?: string };
  camera_recording_start: { payload_index?: string };
  camera_recording_stop: { payload_index?: string };
  /** `zoom_factor` 2–200 for wide/zoom, 2–20 for ir. */
  camera_focal_length_set: {
    camera_type: 'wide' | 'zoom' | 'ir';
    zoom_factor: number;
    payload_index?: string;
  };
  /** 0 recenter, 1 down, 2 recenter yaw, 3 pitch down. */
  gimbal_reset: { reset_mode: 0 | 1 | 2 | 3; payload_index?: string };
}

/** Body of `command`. */
export type DrcCommandInput = {
  [M in DrcCommandMethod]: { dock_sn: string; method: M; data: DrcCommandData[M] };
}[DrcCommandMethod];

/** Answer of `command`: the dock's `services_reply` result and the round trip. */
export interface DrcCommandResult {
  /** 0 = done; otherwise the dock's 6-digit error code (or -1 when the dock did not answer in time). */
  result: number;
  /** Server → dock → server time, ms. */
  latency_ms: number;
  /** The tid the service went out with (also in the audit row). */
  tid: string;
}

/**
 * Message keys of refusals (HTTP 409); the envelope's `msg` is the localised text of the key, so the
 * console can show it as is.
 * - `drc.held_by` (param `username`): someone else holds the drone.
 * - `drc.dock_offline`: the dock is not connected.
 * - `drc.dock_busy` (`{what}` = the reason, e.g. "task "X" is running"): a flight task is out.
 * - `drc.not_holder`: a command or exit from someone who does not hold the drone.
 * - `drc.no_aircraft`: the dock has no aircraft.
 * - `drc.refused` (param `code`): the dock refused an authority grab or `drc_mode_enter`.
 * - `drc.no_reply`: the dock did not answer in time.
 * - `drc.link_down`: the server's broker link is down.
 * A missing permission is the generic 403 of every route; a dock outside the caller's scope is 404.
 */
export const DRC_REFUSALS = [
  'drc.held_by',
  'drc.dock_offline',
  'drc.dock_busy',
  'drc.not_holder',
  'drc.no_aircraft',
  'drc.refused',
  'drc.no_reply',
  'drc.link_down',
] as const;

/**
 * What a dock in DRC sends on `drc/up` (shapes in `protocol/mqtt/drc.ts`), as the simulator does it:
 * - `osd_info_push` at `osd_hz`: `speed_x` north, `speed_y` east, `speed_z` up, m/s; `height` is
 *   the ellipsoid height, m; `attitude_head` −180…180°, 0 north.
 * - `hsi_info_push` at `hsi_hz`: `around_distances` 360 values (index = degrees clockwise from the
 *   nose, mm, 60000 = nothing), `up_distance`/`down_distance` mm.
 * - `delay_info_push` at 1 Hz: `sdr_cmd_delay` ms and {@link DrcDelayInfo}'s `liveview_delay_list`.
 * - `heart_beat` echoed with the console's `seq` and `data.timestamp`, so the echo measures the link.
 * - `drone_emergency_stop` reply `{ result }` (0 = stopping and hovering).
 */
export interface DrcDelayInfo {
  /** Command link delay, ms. */
  sdr_cmd_delay: number;
  liveview_delay_list: { video_id: string; liveview_delay_time: number }[];
}

/** Test-only latency injection (server env `DRC_TEST_HOOKS=1`, off by default: the route is absent). */
export const DRC_TEST_API = {
  /** POST { dock_sn, extra_ms } → { dock_sn, extra_ms }: delays `drc/up` and raises `sdr_cmd_delay`. */
  delay: '/api/drc/test/delay',
} as const;
