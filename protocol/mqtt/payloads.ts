/**
 * Typed envelopes of the device protocol (protocol §1.2) and the bodies of `status`, `events`,
 * `services` and our own `taskInfo`. Property payloads live in `osd.ts`, DRC in `drc.ts`; this file
 * re-exports both so one import gives the whole wire vocabulary.
 */
import type { FlightAreasDroneLocationData } from '../airspace.ts';
import type { AircraftOsd, AircraftState, DockOsd, DockState, RcOsd, RcState } from './osd.ts';

export type * from './osd.ts';
export type * from './drc.ts';

/** The common envelope. `timestamp` is ms since epoch on every message. */
export interface Envelope<D, M extends string = string> {
  /** Transaction id (UUID): replies echo it. */
  tid: string;
  /** Business id (UUID): groups a longer interaction. */
  bid: string;
  timestamp: number;
  /** Serial number of the gateway that emitted a device message. */
  gateway?: string;
  method?: M;
  data: D;
  /** 1 = the cloud must answer on the `*_reply` topic. */
  need_reply?: 0 | 1;
}

export type AircraftOsdMessage = Envelope<AircraftOsd>;
export type DockOsdMessage = Envelope<DockOsd>;
export type RcOsdMessage = Envelope<RcOsd>;
export type OsdMessage = Envelope<AircraftOsd | DockOsd | RcOsd>;
export type StateMessage = Envelope<AircraftState | DockState | RcState>;

/** One device of an `update_topo` (protocol §3.2). */
export interface TopoDevice {
  sn: string;
  domain: number;
  type: number;
  sub_type: number;
  /** Control slot `A`/`B`. */
  index?: string;
  device_secret?: string;
  nonce?: string;
  thing_version?: string;
}

/** `sys/product/{gateway_sn}/status` `data` with `method: 'update_topo'`; empty `sub_devices` = child offline. */
export interface UpdateTopoData {
  domain: number;
  type: number;
  sub_type: number;
  device_secret?: string;
  nonce?: string;
  thing_version?: string;
  sub_devices: TopoDevice[];
}
export type UpdateTopoMessage = Envelope<UpdateTopoData, 'update_topo'>;
/** `status_reply` / `events_reply` body from the cloud. */
export type ReplyMessage = Envelope<{ result: number }>;

/** One HMS alarm (protocol §4.1). Each `hms` message holds the full current set. */
export interface HmsAlarm {
  /** 0 notice, 1 caution, 2 warning. */
  level: number;
  /** 0 flight task, 1 device management, 2 media, 3 hms. */
  module: number;
  in_the_sky: 0 | 1;
  /** Hex text such as `0x16100083`. */
  code: string;
  /** `domain-type-sub_type` of the emitting device. */
  device_type: string;
  imminent: 0 | 1;
  args: { component_index: number; sensor_index: number };
}
export interface HmsData {
  list: HmsAlarm[];
}

/** `flighttask_progress` body (protocol §4.2). */
export interface FlighttaskProgressData {
  result: number;
  output: {
    status: string;
    progress: { current_step: number; percent: number };
    ext?: {
      current_waypoint_index?: number;
      wayline_mission_state?: number;
      media_count?: number;
      track_id?: string;
      flight_id?: string;
      wayline_id?: number;
    };
  };
}

/** Ours: an on-board AI detection. Box coordinates are 0–1 from the frame's top-left corner. */
export interface AiAlarmData {
  /** Unique per detection, so a console can de-duplicate. */
  alarm_id: string;
  /** Detected class, e.g. `person`, `vehicle`, `fire`, `smoke`. */
  category: string;
  /** 0–1. */
  confidence: number;
  /** 0 notice, 1 caution, 2 warning (same scale as HMS). */
  level: number;
  latitude: number;
  longitude: number;
  /** `type-subtype-gimbalindex` of the camera. */
  payload_index: string;
  box?: { x: number; y: number; width: number; height: number };
  image_url?: string;
  /** Key of the snapshot JPEG the device uploaded to the media storage (`ai-alarms/<sn>/…`). */
  snapshot_key?: string;
  /**
   * Simulated devices only: the camera's height (m above ground) and heading (°) when it saw the
   * object, from which the in-process simulator's renderer draws the snapshot JPEG.
   */
  sim_scene?: { height: number; yaw: number };
}

/** Ours: one reading of a gas sensor payload. */
export interface GasReadingData {
  sensor_id: string;
  /** `ch4`, `co`, `h2s`, `o2`, `co2`, `voc`, … */
  gas: string;
  value: number;
  /** `ppm`, `%LEL`, `%vol`, `mg/m3`. */
  unit: string;
  /** 0 normal, 1 above the low threshold, 2 above the high threshold. */
  level: number;
  latitude: number;
  longitude: number;
  /** Ellipsoid height, m. */
  height: number;
  /**
   * Multi-gas payloads: every gas measured, ppm (`gas`/`value` then repeat the headline one, so
   * single-gas readers keep working).
   */
  gases?: { ch4?: number; h2s?: number; nh3?: number; voc?: number; so2?: number; co?: number };
  /** Odour concentration, OU/m³. */
  odour?: number;
  /** Air at the sensor: °C, %RH, hPa. */
  temperature?: number;
  humidity?: number;
  pressure?: number;
  /** Height above the take-off point, m (what the plume model needs). */
  relative_height?: number;
  /** Wind the dock reports, m/s and degrees it blows from. */
  wind_speed?: number;
  wind_direction?: number;
}

/** Events the console and the server understand, by method. */
export interface EventDataByMethod {
  hms: HmsData;
  flighttask_progress: FlighttaskProgressData;
  ai_alarm: AiAlarmData;
  gas_reading: GasReadingData;
  flight_areas_drone_location: FlightAreasDroneLocationData;
}
export type KnownEventMethod = keyof EventDataByMethod;
export type EventMessage = {
  [M in KnownEventMethod]: Envelope<EventDataByMethod[M], M>;
}[KnownEventMethod];

/** `services` request from the cloud: `method` names the call, `data` its input. */
export type ServicesMessage<D = Record<string, unknown>> = Envelope<D>;
/** `services_reply`: `result` 0 = OK, otherwise a 6-digit error code. */
export type ServicesReplyMessage<O = Record<string, unknown>> = Envelope<{
  result: number;
  output?: O;
}>;

/** Ours, published by the server on `thing/product/{sn}/taskInfo`: task progress for the console. */
export interface TaskInfo {
  flight_id: string;
  task_name: string;
  /** Same vocabulary as `flighttask_progress.output.status`. */
  status: string;
  /** 0–100. */
  percent: number;
  current_waypoint_index: number;
  total_waypoints: number;
  media_count: number;
  /** ms since epoch, or null before take-off. */
  started_at: number | null;
  /** Expected end, ms since epoch, when known. */
  eta: number | null;
}
export type TaskInfoMessage = Envelope<TaskInfo>;
