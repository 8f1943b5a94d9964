/**
 * Which columns of the route table fit the width it has. Every column but the name has a fixed
 * width (cell padding included); the name takes what is left and never less than {@link NAME_MIN_PX}.
 * When the columns do not all fit, the least important ones are left out, so the table never needs a
 * horizontal scroll and the row actions always stay on screen.
 */

/** Keys of the route table's columns. */
export type WaylineColumnKey =
  | 'index'
  | 'outline'
  | 'name'
  | 'model'
  | 'type'
  | 'favorite'
  | 'waypoint_count'
  | 'length'
  | 'duration'
  | 'creator_name'
  | 'created_at'
  | 'actions';

/** The name column's least width, px: room for about a dozen Chinese or twenty Latin characters. */
export const NAME_MIN_PX = 160;

/**
 * Fixed widths, px, wide enough for the English header or the longest usual value (longer text is
 * cut with an ellipsis and shown whole on hover). Seven row buttons of 30 px make the actions column.
 */
export const COLUMN_PX: Readonly<Record<Exclude<WaylineColumnKey, 'name'>, number>> = {
  index: 40,
  outline: 72,
  model: 116,
  type: 124,
  favorite: 84,
  waypoint_count: 88,
  length: 80,
  duration: 104,
  creator_name: 104,
  created_at: 156,
  actions: 226,
};

/**
 * The optional columns, most important first: what the route looks like and which aircraft flies it
 * help pick a route; the row number and the creation time matter least (the detail drawer has them).
 */
export const COLUMN_PRIORITY: readonly Exclude<WaylineColumnKey, 'name' | 'actions'>[] = [
  'outline',
  'model',
  'type',
  'favorite',
  'length',
  'waypoint_count',
  'duration',
  'creator_name',
  'created_at',
  'index',
];

/** Display order of the columns, left to right. */
const ORDER: readonly WaylineColumnKey[] = [
  'index',
  'outline',
  'name',
  'model',
  'type',
  'favorite',
  'waypoint_count',
  'length',
  'duration',
  'creator_name',
  'created_at',
  'actions',
];

/**
 * The columns shown in `availablePx` of width, in display order: the name and the actions always,
 * then optional columns by priority while they fit.
 */
export function fitColumns(availablePx: number): WaylineColumnKey[] {
  let left = availablePx - NAME_MIN_PX - COLUMN_PX.actions;
  const shown = new Set<WaylineColumnKey>(['name', 'actions']);
  for (const key of COLUMN_PRIORITY) {
    // Stop at the first that does not fit: a narrower, less important column must not take the
    // place of a more important one (a table that drops its aircraft but keeps its row number).
    if (COLUMN_PX[key] > left) break;
    left -= COLUMN_PX[key];
    shown.add(key);
  }
  return ORDER.filter((key) => shown.has(key));
}
