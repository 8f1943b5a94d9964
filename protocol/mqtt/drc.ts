/**
 * DRC (direct remote control) messages on `thing/product/{gateway_sn}/drc/down|up` (protocol §5).
 * They are lighter than services: `{ method, seq, data }`, where the top-level `seq` keeps order.
 */

/** Stick channel range: 364–1684, 1024 neutral (protocol §5.2). */
export const STICK_MIN = 364;
export const STICK_NEUTRAL = 1024;
export const STICK_MAX = 1684;

export interface StickControlData {
  /** Bank / translate right when higher. */
  roll: number;
  /** Move forward when higher. */
  pitch: number;
  /** Climb when higher; neutral holds altitude. */
  throttle: number;
  /** Rotate clockwise when higher. */
  yaw: number;
  gimbal_pitch?: number;
}

interface DrcBase<M extends string, D> {
  method: M;
  seq: number;
  /** ms since epoch; optional in the protocol, always sent by Skydeck. */
  timestamp?: number;
  data: D;
}

/** Everything the console may send on `drc/down`. */
export type DrcDownMessage =
  | DrcBase<'stick_control', StickControlData>
  | DrcBase<'heart_beat', { timestamp: number }>
  | DrcBase<'drone_emergency_stop', Record<string, never>>
  | DrcBase<'drc_force_landing', Record<string, never>>
  | DrcBase<'drc_emergency_landing', Record<string, never>>;
export type DrcDownMethod = DrcDownMessage['method'];

/** `osd_info_push` at the DRC osd frequency (1–30 Hz). */
export interface DrcOsdInfo {
  attitude_head: number;
  latitude: number;
  longitude: number;
  /** Metres (the doc's "°" unit is a doc error, protocol §5.3). */
  height: number;
  speed_x: number;
  speed_y: number;
  speed_z: number;
  gimbal_pitch: number;
  gimbal_roll: number;
  gimbal_yaw: number;
}

export interface DrcHsiInfo {
  /** mm. */
  up_distance: number;
  down_distance: number;
  /** 360 values, index = degrees clockwise from the nose, mm; 60000 = nothing. */
  around_distances: number[];
}

/** What a gateway publishes on `drc/up`. */
export type DrcUpMessage =
  | DrcBase<'osd_info_push', DrcOsdInfo>
  | DrcBase<'hsi_info_push', DrcHsiInfo>
  | DrcBase<'delay_info_push', { sdr_cmd_delay: number }>
  | DrcBase<'heart_beat', { timestamp: number }>
  | DrcBase<'drone_emergency_stop', { result: number }>
  | DrcBase<'drone_control', { result: number; output?: { seq: number } }>;
export type DrcUpMethod = DrcUpMessage['method'];
