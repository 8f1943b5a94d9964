/**
 * Reading smell data: the devices that carry a gas sensor, readings of a range or flight (downsampled
 * for long ranges), each device's newest reading for the gauges, and the source estimate.
 */
import type {
  GasDevice,
  GasFlight,
  GasPoint,
  GasReadingsAnswer,
  GasSourceEstimate,
} from '../../../protocol/gas.ts';
import { GAS_API } from '../../../protocol/gas.ts';
import { sourceFromPoints } from '../../gas/sourceFromPoints.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import type { Range } from './gasQueries.ts';
import { DEFAULT_MAX_POINTS, flightSpan, latestOf, readingsOf } from './gasQueries.ts';
import { devicesQuery, latestQuery, readingsQuery, sourceQuery } from './gasSchemas.ts';
import type { ReadingsQuery } from './gasSchemas.ts';
import { READ_ACCESS, requireFlightInScope } from './gasScope.ts';
import { answerWorkspaces } from '../scope.ts';
import type { Db } from '../../db/Db.ts';
import type { Caller } from '../caller.ts';

/** A range longer than this is refused: a year is already more than the page can show. */
const MAX_RANGE_MS = 400 * 24 * 3_600_000;
/** Points the source estimate is fitted on: enough for the plume's shape, quick to fit. */
const SOURCE_POINTS = 600;

/** The range a query names; a flight alone spans its own readings, else `from` and `to` are required. */
async function rangeOf(
  db: Db,
  caller: Caller,
  q: Omit<ReadingsQuery, 'max_points'>,
): Promise<Range> {
  const scope = await answerWorkspaces(db, caller, q.workspace_id);
  let from = q.from;
  let to = q.to;
  if (q.execution_id !== undefined) {
    await requireFlightInScope(db, scope, q.execution_id);
    const span = await flightSpan(db, scope, q.execution_id);
    from ??= span?.from ?? new Date(0);
    to ??= span?.to ?? new Date(0);
  }
  if (!from) throw new ApiError(400, 'validation.required', { field: 'from' });
  if (!to) throw new ApiError(400, 'validation.required', { field: 'to' });
  if (to < from || to.getTime() - from.getTime() > MAX_RANGE_MS)
    throw new ApiError(400, 'validation.invalid', { field: 'to' });
  return { scope, devices: q.device_sn, executionId: q.execution_id, from, to };
}

/** Registers the read routes. */
export function registerGasReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const config = { access: READ_ACCESS };

  // Aircraft carry the payloads; any other device that reported readings is listed too.
  app.get(GAS_API.devices, { config, schema: { querystring: devicesQuery } }, async (request) => {
    const scope = await answerWorkspaces(db, callerOf(request), request.query.workspace_id);
    const rows = await db.query<{
      device_sn: string;
      name: string;
      workspace_id: number;
      last: Date | null;
    }>(
      `select d.device_sn, d.name, d.workspace_id,
         (select max(ts) from gas_readings g where g.device_sn = d.device_sn) last
       from devices d where d.workspace_id = any($1::int[])
         and (d.domain = 0 or exists (select 1 from gas_readings g where g.device_sn = d.device_sn))
       order by last desc nulls last, d.device_sn limit 500`,
      [scope],
    );
    return ok<GasDevice[]>(
      request,
      rows.map((r) => ({
        device_sn: r.device_sn,
        name: r.name,
        workspace_id: r.workspace_id,
        last_ts: r.last ? new Date(r.last).getTime() : null,
      })),
    );
  });

  app.get(GAS_API.flights, { config, schema: { querystring: devicesQuery } }, async (request) => {
    const scope = await answerWorkspaces(db, callerOf(request), request.query.workspace_id);
    // Newest flights of the scope first; the readings index on execution_id answers the exists().
    const rows = await db.query<{ id: number; name: string; dock_sn: string; planned_at: Date }>(
      `select e.id, t.name, e.dock_sn, e.planned_at from flight_task_executions e
       join flight_tasks t on t.id = e.task_id
       where t.workspace_id = any($1::int[])
         and exists (select 1 from gas_readings g where g.execution_id = e.id)
       order by e.id desc limit 50`,
      [scope],
    );
    return ok<GasFlight[]>(
      request,
      rows.map((r) => ({
        execution_id: r.id,
        task_name: r.name,
        dock_sn: r.dock_sn,
        planned_at: new Date(r.planned_at).getTime(),
      })),
    );
  });

  app.get(GAS_API.readings, { config, schema: { querystring: readingsQuery } }, async (request) => {
    const range = await rangeOf(db, callerOf(request), request.query);
    const answer = await readingsOf(db, range, request.query.max_points ?? DEFAULT_MAX_POINTS);
    return ok<GasReadingsAnswer>(request, answer);
  });

  app.get(GAS_API.latest, { config, schema: { querystring: latestQuery } }, async (request) => {
    const scope = await answerWorkspaces(db, callerOf(request), request.query.workspace_id);
    return ok<GasPoint[]>(request, await latestOf(db, scope, request.query.device_sn ?? []));
  });

  app.get(GAS_API.source, { config, schema: { querystring: sourceQuery } }, async (request) => {
    const range = await rangeOf(db, callerOf(request), request.query);
    const { points } = await readingsOf(db, range, SOURCE_POINTS);
    return ok<GasSourceEstimate | null>(request, sourceFromPoints(points, request.query.gas));
  });
}
