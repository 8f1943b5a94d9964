import { z } from 'zod';
import type { MenuNode } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { id, name } from '../schemas.ts';
import { allMenus } from './menuTree.ts';

const fields = {
  parent_id: id.nullable().optional(),
  path: z.string().trim().max(200).optional(),
  icon: z.string().trim().max(64).optional(),
  sort: z.number().int().min(-100_000).max(100_000).optional(),
  hidden: z.boolean().optional(),
  perms: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w:-]*$/)
    .optional(),
};
const addBody = z.object({
  name: name(64),
  kind: z.enum(['menu', 'button']).default('menu'),
  ...fields,
});
const editBody = z.object({
  id,
  name: name(64).optional(),
  kind: z.enum(['menu', 'button']).optional(),
  ...fields,
});

/** Ids of `menuId` and everything under it: a menu cannot move below one of these. */
async function subtree(db: Db, menuId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `with recursive t(id) as (select $1::int union all select m.id from menus m join t on m.parent_id = t.id)
     select id from t`,
    [menuId],
  );
  return rows.map((r) => r.id);
}

async function requireMenu(db: Db, menuId: number | null | undefined): Promise<void> {
  if (menuId === null || menuId === undefined) return;
  if (!(await queryOne(db, 'select 1 from menus where id = $1', [menuId]))) throw notFound('menu');
}

/** Menu tree list and menu add, edit, delete. */
export function registerMenuRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  app.get(API.menuList, { config: { access: 'signed-in' } }, async (request) => {
    const caller = callerOf(request);
    // The role page needs the tree to assign menus, so either page unlocks it.
    if (!caller.can('meunan') && !caller.can('role')) throw new ApiError(403, 'forbidden');
    return ok<MenuNode[]>(request, await allMenus(db));
  });

  app.post(
    API.menuAdd,
    { config: { access: 'menu:add' }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      await requireMenu(db, b.parent_id);
      const row = await queryOne<{ id: number }>(
        db,
        `insert into menus (parent_id, name, path, icon, sort, hidden, kind, perms)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          b.parent_id ?? null,
          b.name,
          b.path ?? '',
          b.icon ?? '',
          b.sort ?? 0,
          b.hidden ?? false,
          b.kind,
          b.perms ?? '',
        ],
      );
      await audit(db, request, { module: 'menu', action: 'add', target: b.name });
      return ok(request, { id: row?.id ?? 0 });
    },
  );

  app.post(
    API.menuEdit,
    { config: { access: 'menu:edit' }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      await requireMenu(db, b.id);
      if (typeof b.parent_id === 'number') {
        await requireMenu(db, b.parent_id);
        if ((await subtree(db, b.id)).includes(b.parent_id))
          throw new ApiError(409, 'conflict.menu_parent');
      }
      await db.query(
        `update menus set name = coalesce($2, name), path = coalesce($3, path), icon = coalesce($4, icon),
         sort = coalesce($5, sort), hidden = coalesce($6, hidden), kind = coalesce($7, kind),
         perms = coalesce($8, perms),
         parent_id = case when $9::boolean then $10::int else parent_id end, updated_at = now()
       where id = $1`,
        [
          b.id,
          b.name ?? null,
          b.path ?? null,
          b.icon ?? null,
          b.sort ?? null,
          b.hidden ?? null,
          b.kind ?? null,
          b.perms ?? null,
          b.parent_id !== undefined,
          b.parent_id ?? null,
        ],
      );
      await audit(db, request, {
        module: 'menu',
        action: 'edit',
        target: String(b.id),
        detail: JSON.stringify(b),
      });
      return ok(request, { id: b.id });
    },
  );

  app.post(
    API.menuDel,
    { config: { access: 'menu:del' }, schema: { body: z.object({ id }) } },
    async (request) => {
      await requireMenu(db, request.body.id);
      await db.query('delete from menus where id = $1', [request.body.id]);
      await audit(db, request, { module: 'menu', action: 'del', target: String(request.body.id) });
      return ok(request, null);
    },
  );
}
