/**
 * The AI-alarm contract: API paths, the workflow an alarm goes through and the rows the read calls
 * answer. An alarm is one on-board detection (`ai_alarm` event) as the server stored it.
 */

/** Routes of the AI-alarm API (read with the `aralm` page code). */
export const AI_ALARM_API = {
  list: '/api/aralm/list',
  info: '/api/aralm/info',
  /** Alarms still open (new, confirmed, dispatched): what a console opened later shows. */
  open: '/api/aralm/open',
  /** The stored alarm of one device detection, by the device's own `alarm_id`. */
  byEvent: '/api/aralm/by_event',
  stats: '/api/aralm/stats',
  transition: '/api/aralm/transition',
  bulk: '/api/aralm/bulk',
  comment: '/api/aralm/comment',
  del: '/api/aralm/del',
  /** Users an alarm may be dispatched to: those of the caller's workspaces. */
  assignees: '/api/aralm/assignees',
  /** Signed and expiring: the snapshot JPEG, usable as an `<img src>`. */
  snapshot: '/api/aralm/snapshot',
} as const;

export const AI_ALARM_STATUSES = [
  'new',
  'confirmed',
  'false_alarm',
  'dispatched',
  'resolved',
] as const;
export type AiAlarmStatus = (typeof AI_ALARM_STATUSES)[number];

/** Statuses that still need someone's attention. */
export const OPEN_STATUSES: readonly AiAlarmStatus[] = ['new', 'confirmed', 'dispatched'];

/**
 * The workflow: which status may follow which. A false alarm and a resolved one are final; a
 * confirmed alarm handled on the spot may be resolved without dispatching anyone.
 */
export const NEXT_STATUSES: Readonly<Record<AiAlarmStatus, readonly AiAlarmStatus[]>> = {
  new: ['confirmed', 'false_alarm'],
  confirmed: ['dispatched', 'resolved', 'false_alarm'],
  dispatched: ['resolved'],
  false_alarm: [],
  resolved: [],
};

/** Whether an alarm in `from` may move to `to`. */
export const canMove = (from: AiAlarmStatus, to: AiAlarmStatus): boolean =>
  NEXT_STATUSES[from].includes(to);

/**
 * Classes the simulated detectors report, then the gas threshold crossings the smell-sensing module
 * raises as alarms (`gas_<channel>`, protocol/gas.ts) and the airspace alarm (protocol/airspace.ts);
 * devices may report others, shown as they come.
 */
export const AI_CATEGORIES = [
  'person',
  'vehicle',
  'smoke',
  'fire',
  'ship',
  'animal',
  'gas_ch4',
  'gas_h2s',
  'gas_nh3',
  'gas_voc',
  'gas_so2',
  'gas_co',
  'gas_odour',
  // An aircraft near or inside a no-fly area of its project, or near the edge of an operation area
  // or outside it (server/airspace/proximityAlarms.ts).
  'airspace_nfz',
  'airspace_fence',
] as const;

/** Where the detected object is in the frame, each 0–1 from the top-left corner. */
export interface AiBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One stored detection. */
export interface AiAlarm {
  id: number;
  workspace_id: number;
  device_sn: string;
  device_name: string;
  /** The device's own id of the detection. */
  event_id: string;
  category: string;
  confidence: number;
  /** 0 notice, 1 caution, 2 warning. */
  level: number;
  box: AiBox | null;
  latitude: number | null;
  longitude: number | null;
  payload_index: string;
  task_id: number | null;
  task_name: string | null;
  execution_id: number | null;
  flight_id: string | null;
  status: AiAlarmStatus;
  assignee_id: number | null;
  assignee_name: string | null;
  note: string;
  /** Signed link to the snapshot JPEG, or null while none is stored. */
  snapshot_url: string | null;
  raised_at: string;
  updated_at: string;
}

export interface AiAlarmHistoryEntry {
  id: number;
  from_status: AiAlarmStatus | null;
  to_status: AiAlarmStatus;
  username: string;
  assignee_name: string | null;
  note: string;
  at: string;
}

export interface AiAlarmComment {
  id: number;
  username: string;
  body: string;
  at: string;
}

export interface AiAlarmDetail extends AiAlarm {
  history: AiAlarmHistoryEntry[];
  comments: AiAlarmComment[];
}

export interface AiAlarmStats {
  /** `YYYY-MM-DD` in UTC, oldest first. */
  perDay: { day: string; count: number }[];
  perCategory: { category: string; count: number }[];
  perStatus: { status: AiAlarmStatus; count: number }[];
}

/** What a transition takes; `assignee_id` is required when dispatching. */
export interface AiTransitionInput {
  id: number;
  to: AiAlarmStatus;
  assignee_id?: number;
  note?: string;
}

export interface AiBulkInput {
  ids: number[];
  to: 'confirmed' | 'false_alarm' | 'resolved';
  note?: string;
}

export interface AiBulkResult {
  moved: number[];
  /** Alarms left as they were because the move is not allowed from their status. */
  skipped: number[];
}

/** A user an alarm may be dispatched to. */
export interface AiAssignee {
  id: number;
  username: string;
  nickname: string;
}
