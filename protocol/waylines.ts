/**
 * The waylines contract: the API paths of the route library, the row every list and detail call
 * answers, and the route model a KMZ is read into and written from (protocol §6, WPML).
 */

/** Routes of the wayline library. Uploads are the raw KMZ bytes (`application/octet-stream`). */
export const WAYLINE_API = {
  list: '/api/wayline/list',
  info: '/api/wayline/info',
  upload: '/api/wayline/upload',
  download: '/api/wayline/download',
  rename: '/api/wayline/rename',
  favorite: '/api/wayline/favorite',
  duplicate: '/api/wayline/duplicate',
  del: '/api/wayline/del',
  /** The parsed route of a stored KMZ, for the map editor. */
  route: '/api/wayline/route',
  /** Writes an edited route as a new wayline. */
  create: '/api/wayline/create',
  /** Writes an edited route over an existing wayline (a new file, MD5 and facts). */
  save: '/api/wayline/save',
} as const;

/** `wpml:templateType` values (protocol §6.3), in the order of the demo's numeric enum. */
export const TEMPLATE_TYPES = ['waypoint', 'mapping2d', 'mapping3d', 'mappingStrip'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Largest KMZ an upload may send, bytes. */
export const WAYLINE_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** The facts read from a KMZ when it is stored. */
export interface WaylineFacts {
  /** `0-type-sub_type` of `wpml:droneInfo`. */
  drone_model_key: string;
  /** `1-type-0` of `wpml:payloadInfo`, or empty when the file names no payload. */
  payload_model_key: string;
  template_type: TemplateType;
  waypoint_count: number;
  /** Geodesic length of every wayline's polyline on the WGS84 ellipsoid, metres. */
  length_m: number;
  /** Time along the route at its speeds plus hover actions, seconds (not the flight to and from it). */
  duration_s: number;
  /** The template's `heightMode`, or the execution file's `executeHeightMode` without a template. */
  height_mode: string;
  finish_action: string;
  /** Namespace version of the file, e.g. `1.0.6`. */
  wpmz_version: string;
  /** Longitude/latitude of every waypoint, in flight order, for a thumbnail (at most 200 points). */
  outline: [number, number][];
}

/**
 * Why a kept wayline reads other than as DJI's own tools write it: an aircraft model this console
 * does not know (`value` is its key, e.g. `0-68-0`: the planner picks the aircraft in the editor), an
 * optional element left out and read with a default (`file`, `element`, `value`), or waypoints found
 * only in template.kml (`count`). Files written by other planning tools are kept with these.
 *
 * The `airspace_*` codes are the planning check against the project's areas (the route is kept;
 * a task flying it needs an override): a waypoint (`index`) or a leg (`from` → `to`) in the no-fly
 * area `name` (`area_id`), or outside every operation area. Waypoints are numbered from 1 across
 * every wayline of the file, in flying order, as the console shows them.
 */
export const WAYLINE_WARNING_CODES = [
  'unknown_model',
  'defaulted',
  'template_points',
  'airspace_waypoint_no_fly',
  'airspace_leg_no_fly',
  'airspace_waypoint_outside',
  'airspace_leg_outside',
] as const;
export type WaylineWarningCode = (typeof WAYLINE_WARNING_CODES)[number];

export interface WaylineWarning {
  code: WaylineWarningCode;
  params: Record<string, string | number>;
  /** The warning in words, in the caller's language. */
  message: string;
}

/** One wayline of the library, as every list and detail call answers it. */
export interface Wayline extends WaylineFacts {
  id: number;
  name: string;
  workspace_id: number;
  favorite: boolean;
  /** Hex MD5 of the stored KMZ: the `fingerprint` a dock verifies. */
  md5: string;
  size_bytes: number;
  creator_id: number | null;
  creator_name: string;
  created_at: string;
  updated_at: string;
  /**
   * What to know about the file before flying it. Lists and details carry what the stored facts
   * show (an unknown model); an upload's answer adds what was read with defaults.
   */
  warnings: WaylineWarning[];
}

/** `wpml:actionGroup` → `wpml:action` (protocol §6.5). Parameters keep their element names. */
export interface WaylineAction {
  id: number;
  func: string;
  params: Record<string, string>;
}

export interface WaylineActionGroup {
  id: number;
  startIndex: number;
  endIndex: number;
  mode: string;
  trigger: { type: string; param?: string };
  actions: WaylineAction[];
}

/** A `Placemark` of waylines.wpml (protocol §6.4). */
export interface WaylinePoint {
  index: number;
  lng: number;
  lat: number;
  /** m, in the wayline's `executeHeightMode`. */
  height: number;
  /** m/s. */
  speed: number;
  headingMode: string;
  headingAngle?: number;
  turnMode: string;
  turnDampingDist: number;
  useStraightLine?: number;
  gimbalPitch?: number;
  actionGroups: WaylineActionGroup[];
}

/** One `Folder` of waylines.wpml: one executable wayline. */
export interface WaylinePath {
  templateId: number;
  waylineId: number;
  autoFlightSpeed: number;
  executeHeightMode: string;
  points: WaylinePoint[];
}

/** The template's `Folder` in template.kml: what a planner edits. */
export interface WaylineTemplate {
  type: TemplateType;
  templateId: number;
  autoFlightSpeed: number;
  heightMode: string;
  /** Simple elements of the Folder this model does not name (mapping overlaps, margins, …), in order. */
  extra: [string, string][];
  /** Area of a mapping template: longitude/latitude pairs of its outer ring. */
  polygon?: [number, number][];
  /**
   * Holes of a mapping template's area (KML `innerBoundaryIs`), each as `polygon` is: parts of the
   * area its lines leave out. Absent when it has none.
   */
  holes?: [number, number][][];
}

/** `wpml:missionConfig` (protocol §6.2). */
export interface WaylineMission {
  flyToWaylineMode: string;
  finishAction: string;
  exitOnRCLost: string;
  executeRCLostAction?: string;
  takeOffSecurityHeight: number;
  globalTransitionalSpeed: number;
  globalRTHHeight?: number;
  droneEnumValue: number;
  droneSubEnumValue: number;
  payloadEnumValue?: number;
  payloadPositionIndex?: number;
}

/** Everything this console reads from, and writes into, a KMZ. */
export interface WaylineRoute {
  wpmzVersion: string;
  author?: string;
  createTime?: number;
  updateTime?: number;
  mission: WaylineMission;
  template: WaylineTemplate;
  paths: WaylinePath[];
}

/**
 * Cameras a wayline's `wpml:payloadInfo` names, by `1-payloadEnumValue-0` (protocol §9). Files may
 * name placeholders (`65534`, `65535`) or newer payloads: those show their key.
 */
export const PAYLOAD_NAMES: Readonly<Record<string, string>> = {
  '1-20-0': 'Z30',
  '1-26-0': 'XT2',
  '1-41-0': 'XT S',
  '1-42-0': 'H20',
  '1-43-0': 'H20T',
  '1-50-0': 'P1',
  '1-52-0': 'M30 Camera',
  '1-53-0': 'M30T Camera',
  '1-61-0': 'H20N',
  '1-66-0': 'Mavic 3E Camera',
  '1-67-0': 'Mavic 3T Camera',
  '1-68-0': 'Mavic 3M Camera',
  '1-80-0': 'Matrice 3D Camera',
  '1-81-0': 'Matrice 3TD Camera',
  '1-82-0': 'H30',
  '1-83-0': 'H30T',
  '1-88-0': 'Matrice 4E Camera',
  '1-89-0': 'Matrice 4T Camera',
  '1-98-0': 'Matrice 4D Camera',
  '1-99-0': 'Matrice 4TD Camera',
  '1-129-0': 'Mavic 3TA Camera',
  '1-90742-0': 'L1',
};

/** `GET /api/wayline/route`: a stored wayline and the route read from its file. */
export interface WaylineWithRoute {
  wayline: Wayline;
  route: WaylineRoute;
}

/** `POST /api/wayline/create` (no `id`) and `/api/wayline/save` (with `id`). */
export interface WaylineSaveBody {
  id?: number;
  workspace_id: number;
  name: string;
  route: WaylineRoute;
}
