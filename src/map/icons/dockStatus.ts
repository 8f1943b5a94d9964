/** The state a dock is drawn in, and its colour (the list's dot colours, so both read alike). */
import { STATUS_COLOURS } from '../../fleet/derive/droneStatus.ts';

export type DockStatus = 'ground' | 'alarm' | 'quiet' | 'offline';

export const DOCK_STATUSES: readonly DockStatus[] = ['ground', 'alarm', 'quiet', 'offline'];

export const DOCK_COLOURS: Record<DockStatus, string> = {
  ground: STATUS_COLOURS.ground,
  alarm: STATUS_COLOURS.alarm,
  quiet: STATUS_COLOURS.quiet,
  offline: '#5f6b7c',
};
