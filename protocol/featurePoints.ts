/**
 * The feature-point contract: API paths, the point as every call answers it, the import/export
 * columns and the ranges every value must lie in. A feature point is a place an inspection flight
 * should look at: where the aircraft hovers, where the camera points and what it should watch for.
 */
import type { AiAlarm } from './aiAlarms.ts';

/** Routes of the feature-point API (read with the `model_ai` page code). */
export const FEATURE_API = {
  list: '/api/feature/list',
  info: '/api/feature/info',
  /** Alarms and photos within a point's radius, newest first. */
  nearby: '/api/feature/nearby',
  add: '/api/feature/add',
  edit: '/api/feature/edit',
  del: '/api/feature/del',
  photoAdd: '/api/feature/photo/add',
  photoDel: '/api/feature/photo/del',
  /** Signed and expiring: a reference photo or its thumbnail, usable as an `<img src>`. */
  photo: '/api/feature/photo',
  import: '/api/feature/import',
  export: '/api/feature/export',
  /** Writes an inspection wayline through the chosen points and stores it in the wayline library. */
  wayline: '/api/feature/wayline',
} as const;

/**
 * Heights are metres above the take-off point (WPML `relativeToStartPoint`), the mode the generated
 * inspection wayline flies in.
 */
export const FEATURE_HEIGHT_MODE = 'relativeToStartPoint';

/** Ranges of the numeric fields, shared by the form, the API and the importer. */
export const FEATURE_LIMITS = {
  height: { min: -1500, max: 1500 },
  gimbal_pitch: { min: -90, max: 30 },
  gimbal_yaw: { min: -180, max: 180 },
  zoom: { min: 1, max: 200 },
  radius: { min: 1, max: 5000 },
} as const;

/** The radius alarms and photos are linked to a point within when none is set, m. */
export const DEFAULT_FEATURE_RADIUS = 30;

/** Points one import may carry, and points one generated wayline may visit. */
export const FEATURE_IMPORT_MAX = 5000;
export const FEATURE_WAYLINE_MAX = 500;

/** Largest reference photo, bytes. */
export const FEATURE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** CSV columns in the order the export writes them; `classes` holds class names joined by `;`. */
export const FEATURE_CSV_COLUMNS = [
  'name',
  'category',
  'longitude',
  'latitude',
  'height',
  'gimbal_pitch',
  'gimbal_yaw',
  'zoom',
  'classes',
  'notes',
  'radius',
] as const;
export type FeatureCsvColumn = (typeof FEATURE_CSV_COLUMNS)[number];

/** What a point is made of, as the editor and the importer give it. */
export interface FeaturePointInput {
  name: string;
  category: string;
  longitude: number;
  latitude: number;
  height: number;
  gimbal_pitch: number;
  gimbal_yaw: number;
  zoom: number;
  /** Alarms and photos within this distance belong to the point, m. */
  radius: number;
  /** Model classes to watch for there (free names, e.g. `person`, `smoke`). */
  classes: string[];
  notes: string;
}

/** One stored point. */
export interface FeaturePoint extends FeaturePointInput {
  id: number;
  workspace_id: number;
  photo_count: number;
  /** Signed link to the first reference photo's thumbnail, or null without one. */
  cover_url: string | null;
  creator_name: string;
  created_at: string;
  updated_at: string;
}

export interface FeaturePhoto {
  id: number;
  name: string;
  width: number | null;
  height: number | null;
  url: string;
  thumb_url: string;
  created_at: string;
}

export interface FeaturePointDetail extends FeaturePoint {
  photos: FeaturePhoto[];
}

/** A photo of the media library taken near a point. */
export interface NearbyPhoto {
  id: number;
  name: string;
  device_sn: string;
  shot_at: string;
  distance_m: number;
  url: string;
  thumb_url: string;
}

export interface NearbyAlarm extends AiAlarm {
  distance_m: number;
}

/** `GET /api/feature/nearby`: what was seen near a point over time, newest first. */
export interface FeatureNearby {
  radius: number;
  alarms: NearbyAlarm[];
  photos: NearbyPhoto[];
}

export type FeatureFileFormat = 'csv' | 'geojson';

/** `POST /api/feature/import`. */
export interface FeatureImportBody {
  workspace_id: number;
  format: FeatureFileFormat;
  text: string;
}

/** One refused row of an import: CSV line number or 1-based feature number, and why. */
export interface FeatureImportProblem {
  line: number;
  field: string;
  message: string;
}

/**
 * `data` of a refused import (HTTP 400); nothing was stored. `problems` lists the first problems
 * found (at most 50, in file order); `problem_total` counts them all.
 */
export interface FeatureImportRefusal {
  problems: FeatureImportProblem[];
  problem_total: number;
}

export interface FeatureImportResult {
  imported: number;
  ids: number[];
}

/** `GET /api/feature/export`: the file to save. */
export interface FeatureExportFile {
  file_name: string;
  content_type: string;
  text: string;
}

/** `POST /api/feature/wayline`. */
export interface FeatureWaylineBody {
  workspace_id: number;
  ids: number[];
  name: string;
  /** Where the flight starts (a dock); without it the first chosen point is the start. */
  start?: { longitude: number; latitude: number };
  /** m/s. */
  speed?: number;
  /** m the aircraft stays from each point, along the camera's line of sight (default 30). */
  standoff?: number;
}

export interface FeatureWaylineResult {
  wayline_id: number;
  /** The point ids in flight order. */
  order: number[];
  length_m: number;
}
