import { z } from 'zod';
import type { AuditLogEntry, Page } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { AUDIT_WORDS } from '../../../protocol/auditLog.ts';
import type { Caller } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { audit } from '../audit.ts';
import { ok } from '../envelope.ts';
import { offset, optionalText, optionalTime, paging } from '../schemas.ts';
import { like, Where } from '../where.ts';
import { pickLang } from '../messages.ts';
import { toCsv } from './csv.ts';
import { isTimeZone } from './zonedTime.ts';

const filters = {
  from: optionalTime,
  to: optionalTime,
  username: optionalText,
  module: optionalText,
  action: optionalText,
  result: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['success', 'failure']).optional(),
  ),
};
type Filters = z.infer<z.ZodObject<typeof filters>>;

/**
 * Rows written before names were recorded hold a bare id for users, projects and menus: those show
 * the current name when the thing still exists, which reads better than a number.
 */
const TARGET_NAME = `coalesce(nullif(l.target_name, ''),
  case when l.target ~ '^[0-9]{1,9}$' then case l.module
    when 'user' then (select username from users where id = l.target::int)
    when 'workspace' then (select name from workspaces where id = l.target::int)
    when 'menu' then (select name from menus where id = l.target::int) end end,
  l.target) as target_name`;
const COLUMNS = `l.id, l.user_id, l.username, l.module, l.action, l.target, ${TARGET_NAME},
  l.ip, l.result, l.detail, l.created_at`;
const EXPORT_LIMIT = 100_000;

interface LogRow extends Omit<AuditLogEntry, 'created_at'> {
  created_at: Date;
}

/** Logs the caller may read: everything for an all-access role, else those of users in scope. */
async function filtered(caller: Caller, q: Filters): Promise<Where> {
  const where = caller.allAccess
    ? new Where()
    : new Where([await caller.scope()]).raw(
        'l.user_id in (select id from users where workspace_id = any($1::int[]))',
      );
  return where
    .add('l.created_at >= ?', q.from)
    .add('l.created_at <= ?', q.to)
    .add('l.username ilike ?', like(q.username))
    .add('l.module = ?', q.module)
    .add('l.action = ?', q.action)
    .add('l.result = ?', q.result);
}

const toEntry = (row: LogRow): AuditLogEntry => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/** Audit-log list and CSV export. */
export function registerLogRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const listQuery = z.object({ ...paging, ...filters });
  app.get(
    API.logsList,
    { config: { access: 'logs' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const where = await filtered(callerOf(request), q);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from audit_logs l ${where.toString()}`,
        where.params,
      );
      const rows = await db.query<LogRow>(
        `select ${COLUMNS} from audit_logs l ${where.toString()} order by l.id desc limit ${where.next(q.size)} offset ${where.next(offset(q))}`,
        where.params,
      );
      return ok<Page<AuditLogEntry>>(request, { data: rows.map(toEntry), total: total[0]?.n ?? 0 });
    },
  );

  // The caller's time zone (the console sends the browser's); the language is `Accept-Language`.
  const tz = z.string().max(64).refine(isTimeZone).optional();
  const exportQuery = z.object({ ...filters, tz });
  app.get(
    API.logsExport,
    { config: { access: 'log:export' }, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const where = await filtered(callerOf(request), request.query);
      const lang = pickLang(request.headers['accept-language']);
      const words = AUDIT_WORDS[lang === 'en' ? 'en' : 'zh-CN'];
      const timeZone = request.query.tz ?? 'UTC';
      const rows = await db.query<LogRow>(
        `select ${COLUMNS} from audit_logs l ${where.toString()} order by l.id desc limit ${where.next(EXPORT_LIMIT)}`,
        where.params,
      );
      await audit(db, request, { module: 'log', action: 'export', detail: `${rows.length} rows` });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-logs.csv"')
        .send(toCsv(rows.map(toEntry), { words, timeZone }));
    },
  );
}
