/**
 * `GET /api/airspace/check?wayline_id=`: a stored route against its project's enabled areas, for
 * the task dialog, which shows the findings in words before the task is saved (and offers the
 * override to a user allowed it). Read access of the task page: whoever plans tasks may ask; the
 * route must be in the caller's scope (404 otherwise, as for any wayline).
 */
import { z } from 'zod';
import { AIRSPACE_API } from '../../../protocol/airspace.ts';
import type { AirspaceRouteCheck } from '../../../protocol/airspace.ts';
import { airspaceNotes, enabledAreasOf, storedRoute } from '../../airspace/planningCheck.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id } from '../schemas.ts';
import { scopedWayline } from '../waylines/waylineQueries.ts';
import { describeWarnings, langOf } from '../waylines/waylineWarnings.ts';

const checkQuery = z.object({ wayline_id: id });

/** Registers `check`. */
export function registerAirspaceCheckRoute(app: ZodApp, deps: AppDeps): void {
  app.get(
    AIRSPACE_API.check,
    { config: { access: 'task' }, schema: { querystring: checkQuery } },
    async (request) => {
      const row = await scopedWayline(deps.db, callerOf(request), request.query.wayline_id);
      const areas = await enabledAreasOf(deps.db, row.workspace_id);
      const stored = areas.length > 0 ? await storedRoute(deps.db, deps.storage, row.id) : null;
      const { notes, count } = stored
        ? airspaceNotes(areas, stored.route)
        : { notes: [], count: 0 };
      return ok<AirspaceRouteCheck>(request, {
        count,
        warnings: describeWarnings(notes, langOf(request)),
      });
    },
  );
}
