/**
 * A saved route's planning check against its project's airspace, as wayline warnings: the route is
 * kept (a plan may be fixed later, or flown with an override), and the answer names the waypoints
 * and legs in a no-fly area or outside the operation areas so the editor can mark them.
 */
import type { WaylineRoute, WaylineWarning } from '../../../protocol/waylines.ts';
import { airspaceNotes } from '../../airspace/planningCheck.ts';
import type { CheckArea } from '../../airspace/routeCheck.ts';
import type { Lang } from '../messages.ts';
import { describeWarnings } from './waylineWarnings.ts';

/** `route`'s findings against `areas` (the project's enabled ones) in `lang`; empty when clear. */
export function airspaceWarnings(
  areas: readonly CheckArea[],
  route: Pick<WaylineRoute, 'paths'>,
  lang: Lang,
): WaylineWarning[] {
  return describeWarnings(airspaceNotes(areas, route).notes, lang);
}
