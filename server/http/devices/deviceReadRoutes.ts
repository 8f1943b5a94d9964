import { z } from 'zod';
import type { Device, Page, RowsPage } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { notFound } from '../ApiError.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import {
  INT4_MAX,
  numeric,
  offset,
  optionalFlag,
  optionalId,
  optionalInt,
  optionalText,
  paging,
} from '../schemas.ts';
import { requireInScope } from '../scope.ts';
import { like, Where } from '../where.ts';
import type { DeviceRow } from './deviceQueries.ts';
import { DEVICE_SELECT, findDevice, toDevice } from './deviceQueries.ts';

const sn = z.string().trim().min(1).max(64);
const listQuery = z.object({
  ...paging,
  workspace_id: optionalId,
  all: optionalFlag,
  sn: optionalText,
  name: optionalText,
  domain: optionalInt,
  online: optionalFlag,
  /** A model key (`0-67-0`) matches the triple exactly; any other text matches the model name. */
  model: optionalText,
});
const MODEL_KEY = /^\d+-\d+-\d+$/;
const infoQuery = z.object({
  device_sn: z.preprocess((v) => (v === '' ? undefined : v), sn.optional()),
  workspace_id: optionalId,
  all: optionalFlag,
});
// A workspace's devices in one answer; the paged list is the way to read more.
const INFO_LIMIT = 10_000;
const snsQuery = z.object({
  sns: z.string().transform((text, ctx) => {
    const parsed = z.array(sn).max(10_000).safeParse(safeJson(text));
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: 'not a JSON array of serial numbers' });
    return parsed.data ?? [];
  }),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Device reads. They need only a signed-in caller, not the device page: every page of the console
 * loads the current workspace's devices (spec §4), and the answer is limited to the caller's scope.
 */
export function registerDeviceReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const page = async (where: Where, current: number, size: number) => {
    const total = await db.query<{ n: number }>(
      `select count(*)::int as n from devices d ${where.toString()}`,
      where.params,
    );
    const rows = await db.query<DeviceRow>(
      `${DEVICE_SELECT} ${where.toString()} order by d.id limit ${where.next(size)} offset ${where.next(offset({ current, size }))}`,
      where.params,
    );
    return { rows: rows.map(toDevice), total: total[0]?.n ?? 0 };
  };

  app.get(
    API.deviceList,
    { config: { access: 'signed-in' }, schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      // Spec §7: the console sends the current workspace, or leaves it empty (its "all" flag) to
      // get everything it may see; `all=true` says the same explicitly and wins over a workspace.
      const workspaceId = q.all === true ? undefined : q.workspace_id;
      if (workspaceId !== undefined) await requireInScope(caller, workspaceId, 'workspace');
      const where = new Where([await caller.scope()])
        .raw('d.workspace_id = any($1::int[])')
        .add('d.workspace_id = ?', workspaceId)
        .add('d.device_sn ilike ?', like(q.sn))
        .add('d.name ilike ?', like(q.name))
        .add('d.domain = ?', q.domain)
        .add('d.online = ?', q.online)
        .add(
          "(d.domain || '-' || d.type || '-' || d.sub_type) = ?",
          q.model !== undefined && MODEL_KEY.test(q.model) ? q.model : undefined,
        )
        .add(
          'd.model_name ilike ?',
          q.model !== undefined && !MODEL_KEY.test(q.model) ? like(q.model) : undefined,
        );
      const { rows, total } = await page(where, q.current, q.size);
      return ok<Page<Device>>(request, { data: rows, total });
    },
  );

  // Spec §7 calls this with the device list's params: one device by `device_sn` (optionally checked
  // against `workspace_id`), or without it every device of the workspace (or, with `all`, the scope).
  app.get(
    API.deviceInfo,
    { config: { access: 'signed-in' }, schema: { querystring: infoQuery } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const workspaceId = q.all === true ? undefined : q.workspace_id;
      if (workspaceId !== undefined) await requireInScope(caller, workspaceId, 'workspace');
      if (q.device_sn === undefined) {
        const rows = await db.query<DeviceRow>(
          `${DEVICE_SELECT} where d.workspace_id = any($1::int[]) and ($2::int is null or d.workspace_id = $2)
           order by d.id limit ${INFO_LIMIT}`,
          [await caller.scope(), workspaceId ?? null],
        );
        return ok<Device[]>(request, rows.map(toDevice));
      }
      const device = await findDevice(db, q.device_sn);
      if (!device || (workspaceId !== undefined && device.workspace_id !== workspaceId))
        throw notFound('device');
      await requireInScope(caller, device.workspace_id, 'device');
      return ok<Device>(request, device);
    },
  );

  app.get(
    API.deviceOnlineList,
    { config: { access: 'signed-in' }, schema: { querystring: snsQuery } },
    async (request) => {
      const rows = await db.query<DeviceRow>(
        `${DEVICE_SELECT} where d.device_sn = any($1::text[]) and d.workspace_id = any($2::int[]) and d.online order by d.id`,
        [request.query.sns, await callerOf(request).scope()],
      );
      return ok<Device[]>(request, rows.map(toDevice));
    },
  );

  const accountQuery = z.object({
    pageIndex: numeric(z.number().int().min(1).max(INT4_MAX)).default(1),
    pageSize: numeric(z.number().int().min(1).max(1000)).default(100),
    workspace_id: numeric(z.number().int().min(1).max(INT4_MAX)).optional(),
  });
  // With `workspace_id` the list is that workspace's devices only (the task and subtask pages pick a
  // dock of the current project from it); without it, everything in the caller's scope.
  app.get(
    API.deviceAccountList,
    { config: { access: 'signed-in' }, schema: { querystring: accountQuery } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (q.workspace_id !== undefined) await requireInScope(caller, q.workspace_id, 'workspace');
      const where = new Where([await caller.scope()])
        .raw('d.workspace_id = any($1::int[])')
        .add('d.workspace_id = ?', q.workspace_id);
      const result = await page(where, q.pageIndex, q.pageSize);
      return ok<RowsPage<Device>>(request, result);
    },
  );

  // `/api/liveInfo` is served by the live-video module (server/http/video/liveInfoRoute.ts).
}
