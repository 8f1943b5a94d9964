/**
 * Which columns of the task table fit the width it has, so that it never scrolls sideways and the
 * row actions always stay on screen (on a phone a horizontally scrolled table hid them). Every
 * column has a fixed width (cell padding included) except the task's and the route's names, which
 * share what is left and never get less than {@link NAME_MIN_PX} and {@link ROUTE_MIN_PX}. When
 * the columns do not all fit, the least important ones are left out; when even the full row of
 * buttons leaves no room for the newest run, the buttons fold into one menu behind the details
 * button.
 */

/** Keys of the task table's columns. */
export type TaskColumnKey =
  | 'index'
  | 'name'
  | 'wayline_name'
  | 'dock_sn'
  | 'schedule'
  | 'state'
  | 'next_run_at'
  | 'last'
  | 'actions';

/** The optional columns with a fixed width. */
type FixedKey = Exclude<TaskColumnKey, 'name' | 'wayline_name' | 'actions'>;

/** The task name's least width, px: about six Chinese or eleven Latin characters. */
export const NAME_MIN_PX = 100;

/** The route name's least width, px, when it is shown (it then shares the rest with the name). */
export const ROUTE_MIN_PX = 120;

/** Row buttons are 30 px wide; the cell pads them by 8 px on each side. */
const BUTTON_PX = 30;
const CELL_PADDING_PX = 16;

/** The actions column with every button: details, wall map, edit, cancel and delete. */
export const ACTIONS_PX = 5 * BUTTON_PX + CELL_PADDING_PX;

/** The actions column folded: details and the menu that holds the rest. */
export const ACTIONS_FOLDED_PX = 2 * BUTTON_PX + CELL_PADDING_PX;

/**
 * Fixed widths, px, wide enough for the English header or the longest usual value: a dock's serial
 * number, "Unsuccessful" in a tag, a date and time to the second, a run's tag over a live progress
 * bar (narrow enough to keep the newest run in view on a 360 px phone). Longer text is cut with an
 * ellipsis and shown whole on hover; the schedule and the run's outcome wrap.
 */
export const COLUMN_PX: Readonly<Record<FixedKey, number>> = {
  index: 40,
  dock_sn: 136,
  schedule: 150,
  state: 112,
  next_run_at: 156,
  last: 160,
};

/**
 * The optional columns, most important first: how the newest run went (live progress while it
 * flies) is what the list is read for, then the task's own state and when it flies next; the row
 * number matters least.
 */
export const COLUMN_PRIORITY: readonly Exclude<TaskColumnKey, 'name' | 'actions'>[] = [
  'last',
  'state',
  'next_run_at',
  'wayline_name',
  'schedule',
  'dock_sn',
  'index',
];

/** Display order of the columns, left to right. */
const ORDER: readonly TaskColumnKey[] = [
  'index',
  'name',
  'wayline_name',
  'dock_sn',
  'schedule',
  'state',
  'next_run_at',
  'last',
  'actions',
];

/** The columns shown and whether the row buttons fold into a menu. */
export interface TaskColumnFit {
  keys: TaskColumnKey[];
  folded: boolean;
}

/**
 * The columns shown in `availablePx` of width, in display order: the name and the actions always,
 * then optional columns by priority while they fit. The buttons fold when all of them would leave
 * no room for the newest run next to the name.
 */
export function fitTaskColumns(availablePx: number): TaskColumnFit {
  const folded = availablePx < NAME_MIN_PX + COLUMN_PX.last + ACTIONS_PX;
  let left = availablePx - NAME_MIN_PX - (folded ? ACTIONS_FOLDED_PX : ACTIONS_PX);
  const shown = new Set<TaskColumnKey>(['name', 'actions']);
  for (const key of COLUMN_PRIORITY) {
    const px = key === 'wayline_name' ? ROUTE_MIN_PX : COLUMN_PX[key];
    // Stop at the first that does not fit: a narrower, less important column must not take the
    // place of a more important one (a table that drops the run's progress but keeps its number).
    if (px > left) break;
    left -= px;
    shown.add(key);
  }
  return { keys: ORDER.filter((key) => shown.has(key)), folded };
}
