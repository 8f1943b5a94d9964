/**
 * The alarm and track read API. Alarms are the workbench's: reading them needs the workbench page
 * (`workbench`), and every answer is limited to the caller's workspaces, narrowed to one of them
 * with `workspace_id` (a project, or an organisation with its projects).
 */
import { z } from 'zod';
import type { HmsAlarmRecord, HmsCodeTexts, TrackPointDto } from '../../../protocol/alarms.ts';
import { ALARM_API, normaliseHmsCode } from '../../../protocol/alarms.ts';
import type { Page } from '../../../protocol/http.ts';
import { loadHmsTextTable } from '../../hms/hmsTextTable.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { numeric, optionalId } from '../schemas.ts';
import { answerWorkspaces, scopedWorkspaceOf } from '../scope.ts';
import { activeAlarms, alarmHistory, trackPoints } from './alarmQueries.ts';

/** Access code of every route here: the workbench page. */
const ACCESS = 'workbench';
/** A track answer holds at most this many points (about 2.8 h at one point per second). */
const TRACK_LIMIT = 10_000;
/** Without `from`, a track covers the last hour. */
const DEFAULT_TRACK_MS = 3_600_000;
/** Codes per texts request: a console asks for the handful of codes it is showing. */
const MAX_TEXT_CODES = 200;

/** Serial numbers are letters, digits, dot, dash and underscore (what devices are registered with). */
const serial = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/);
const optionalSerial = z.preprocess((v) => (v === '' ? undefined : v), serial.optional());
/** Instants between 2000 and 2100: enough for any flight, and nothing the database cannot hold. */
const instant = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .date()
    .min(new Date('2000-01-01T00:00:00Z'))
    .max(new Date('2100-01-01T00:00:00Z'))
    .optional(),
);
const historyQuery = z.object({
  current: numeric(z.number().int().min(1).max(100_000)).default(1),
  size: numeric(z.number().int().min(1).max(1000)).default(20),
  workspace_id: optionalId,
  device_sn: optionalSerial,
  from: instant,
  to: instant,
  level: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().int().min(0).max(2).optional(),
  ),
});
const codeList = z
  .string()
  .max(MAX_TEXT_CODES * 12)
  .transform((text, ctx) => {
    const codes = text.split(',').filter((c) => c.trim() !== '');
    const normalised = codes.map(normaliseHmsCode);
    if (codes.length > MAX_TEXT_CODES || normalised.some((c) => c === null))
      ctx.addIssue({ code: 'custom', message: 'not a comma-separated list of HMS codes' });
    return normalised.filter((c): c is string => c !== null);
  });

/** Throws 400 naming `to` when a range ends before it starts. */
function requireOrdered(from: Date | undefined, to: Date | undefined): void {
  if (from !== undefined && to !== undefined && to < from)
    throw new ApiError(400, 'validation.invalid', { field: 'to' });
}

/** Registers the alarm and track routes; loads `HMS_TEXT_FILE` once. */
export function registerAlarmRoutes(app: ZodApp, deps: AppDeps): void {
  const table = loadHmsTextTable(deps.config.hmsTextFile);
  if (table.skipped > 0)
    app.log.warn({ skipped: table.skipped }, 'HMS text table: entries without a code or text');

  app.get(
    ALARM_API.active,
    {
      config: { access: ACCESS },
      schema: { querystring: z.object({ workspace_id: optionalId, device_sn: optionalSerial }) },
    },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      return ok<HmsAlarmRecord[]>(request, await activeAlarms(deps.db, scope, q.device_sn));
    },
  );

  app.get(
    ALARM_API.history,
    { config: { access: ACCESS }, schema: { querystring: historyQuery } },
    async (request) => {
      const q = request.query;
      requireOrdered(q.from, q.to);
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const page = await alarmHistory(deps.db, scope, {
        from: q.from,
        to: q.to,
        deviceSn: q.device_sn,
        level: q.level,
        current: q.current,
        size: q.size,
      });
      return ok<Page<HmsAlarmRecord>>(request, page);
    },
  );

  app.get(
    ALARM_API.texts,
    { config: { access: ACCESS }, schema: { querystring: z.object({ codes: codeList }) } },
    (request) => {
      const answer: Record<string, HmsCodeTexts> = {};
      for (const code of request.query.codes) {
        const texts = table.texts.get(code);
        if (texts !== undefined) answer[code] = texts;
      }
      return Promise.resolve(ok(request, answer));
    },
  );

  const trackQuery = z.object({ device_sn: serial, from: instant, to: instant });
  app.get(
    ALARM_API.track,
    { config: { access: ACCESS }, schema: { querystring: trackQuery } },
    async (request) => {
      const q = request.query;
      requireOrdered(q.from, q.to);
      await scopedWorkspaceOf(deps.db, callerOf(request), 'devices', {
        column: 'device_sn',
        value: q.device_sn,
      });
      const to = q.to ?? new Date();
      const from = q.from ?? new Date(to.getTime() - DEFAULT_TRACK_MS);
      const points = await trackPoints(deps.db, q.device_sn, from, to, TRACK_LIMIT);
      return ok<TrackPointDto[]>(request, points);
    },
  );
}
