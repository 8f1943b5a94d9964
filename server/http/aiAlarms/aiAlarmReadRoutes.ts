/**
 * Reading AI alarms: the list with its filters, one alarm with history and comments, the open ones a
 * console loads when it opens, statistics, and the signed snapshot link an `<img>` can use.
 */
import type {
  AiAlarm,
  AiAlarmDetail,
  AiAlarmStats,
  AiAssignee,
} from '../../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../../protocol/aiAlarms.ts';
import type { Page } from '../../../protocol/http.ts';
import { validSnapshotSignature } from '../../ai/snapshotLink.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { sendStoredFile } from '../fileReply.ts';
import {
  alarmStats,
  ALARM_SELECT,
  commentsOf,
  historyOf,
  listAlarms,
  openAlarms,
  scopedAlarm,
  toAlarm,
} from './aiAlarmQueries.ts';
import type { AlarmRow } from './aiAlarmQueries.ts';
import {
  byEventQuery,
  byIdQuery,
  listQuery,
  openQuery,
  snapshotQuery,
  statsQuery,
} from './aiAlarmSchemas.ts';
import { READ_ACCESS } from './alarmScope.ts';
import { answerWorkspaces } from '../scope.ts';

/** Open alarms answered to a console at most: more than a control room can read at once. */
const OPEN_LIMIT = 500;

/** Registers the read routes. */
export function registerAiAlarmReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, tokenSecret } = deps;
  const dto = (row: AlarmRow): AiAlarm => toAlarm(row, tokenSecret);
  const access = { access: READ_ACCESS };

  app.get(
    AI_ALARM_API.list,
    { config: access, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      if (q.from && q.to && q.to < q.from)
        throw new ApiError(400, 'validation.invalid', { field: 'to' });
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const { rows, total } = await listAlarms(db, scope, q);
      return ok<Page<AiAlarm>>(request, { data: rows.map(dto), total });
    },
  );

  app.get(
    AI_ALARM_API.info,
    { config: access, schema: { querystring: byIdQuery } },
    async (request) => {
      const scope = await answerWorkspaces(deps.db, callerOf(request), undefined);
      const row = await scopedAlarm(db, scope, request.query.id);
      if (!row) throw new ApiError(404, 'not_found');
      const detail: AiAlarmDetail = {
        ...dto(row),
        history: await historyOf(db, row.id),
        comments: await commentsOf(db, row.id),
      };
      return ok(request, detail);
    },
  );

  app.get(
    AI_ALARM_API.open,
    { config: access, schema: { querystring: openQuery } },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      const rows = await openAlarms(db, scope, Math.min(q.limit ?? OPEN_LIMIT, OPEN_LIMIT));
      return ok<AiAlarm[]>(request, rows.map(dto));
    },
  );

  app.get(
    AI_ALARM_API.byEvent,
    { config: access, schema: { querystring: byEventQuery } },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), undefined);
      const rows = await db.query<AlarmRow>(
        `${ALARM_SELECT} where a.device_sn = $1 and a.event_id = $2 and a.workspace_id = any($3::int[])`,
        [q.device_sn, q.event_id, scope],
      );
      const row = rows[0];
      if (!row) throw new ApiError(404, 'not_found');
      return ok(request, dto(row));
    },
  );

  app.get(
    AI_ALARM_API.stats,
    { config: access, schema: { querystring: statsQuery } },
    async (request) => {
      const q = request.query;
      const scope = await answerWorkspaces(deps.db, callerOf(request), q.workspace_id);
      return ok<AiAlarmStats>(request, await alarmStats(db, scope, q));
    },
  );

  app.get(AI_ALARM_API.assignees, { config: access }, async (request) => {
    const scope = await callerOf(request).scope();
    const users = await db.query<AiAssignee>(
      `select id, username, nickname from users
       where workspace_id = any($1::int[]) and enabled order by username limit 500`,
      [scope],
    );
    return ok(request, users);
  });

  // Public like the docks' KMZ links: an <img> sends no bearer token, so the signed link is the
  // credential, handed out only by the scoped routes above.
  app.get(
    AI_ALARM_API.snapshot,
    { config: { access: 'public' }, schema: { querystring: snapshotQuery } },
    async (request, reply) => {
      const q = request.query;
      if (!validSnapshotSignature(tokenSecret, q, Date.now())) throw new ApiError(403, 'forbidden');
      const row = await queryOne<{ snapshot_key: string | null }>(
        db,
        'select snapshot_key from ai_alarms where id = $1',
        [q.id],
      );
      const object = row?.snapshot_key ? await deps.storage.get(row.snapshot_key) : undefined;
      if (!object) throw new ApiError(404, 'not_found');
      return sendStoredFile(reply, {
        body: object.body,
        name: `alarm-${String(q.id)}.jpg`,
        etag: `"${object.info.md5}"`,
        cacheControl: 'private, max-age=3600',
        as: { kind: 'media' },
      });
    },
  );
}
