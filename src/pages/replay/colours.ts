/** Colours of the replay's lanes and event marks, from Blueprint's dark palette like the map's. */
import type { LaneState, ReplayEventKind } from '../../../protocol/replay.ts';

export const LANE_COLOURS: Record<LaneState, string> = {
  flying: '#32a467',
  docked: '#4c90f0',
  online: '#738091',
  offline: '#2f343c',
};

export const KIND_COLOURS: Record<ReplayEventKind, string> = {
  hms: '#e76a6e',
  ai_alarm: '#f5498b',
  gas: '#ec9a3c',
  task_start: '#8abbff',
  task_end: '#2d72d2',
  drc_start: '#fbd065',
  drc_end: '#d1980b',
  command: '#3fb2a9',
};

/** The colour an aircraft is drawn in on the map for its lane state at the cursor. */
export const AIRCRAFT_ICON: Record<LaneState, string> = {
  flying: 'flying',
  docked: 'ground',
  online: 'ground',
  offline: 'quiet',
};

/**
 * The map's line colours (ReplayMap.tsx draws with these values) for the report's legend: the
 * window's whole tracks, faint, and each aircraft's last minutes up to the cursor.
 */
export const MAP_LINE_COLOURS = { track: '#abb3bf', trail: '#f0b726' } as const;
