import { z } from 'zod';
import type { MenuNode } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { isOrganisationLevel, menuCodes } from '../../auth/permissions.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';
import { runChange } from '../change.ts';
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

/** Roles holding `menuId` or a menu below it. */
async function rolesHolding(db: Db, menuId: number): Promise<number[]> {
  const rows = await db.query<{ role_id: number }>(
    'select distinct role_id from role_menus where menu_id = any($1::int[])',
    [await subtree(db, menuId)],
  );
  return rows.map((r) => r.role_id);
}

interface MenuCodeRow {
  kind: string;
  name: string;
  perms: string;
}

async function requireMenu(db: Db, menuId: number | null | undefined): Promise<MenuCodeRow | null> {
  if (menuId === null || menuId === undefined) return null;
  const row = await queryOne<MenuCodeRow>(db, 'select kind, name, perms from menus where id = $1', [
    menuId,
  ]);
  if (!row) throw notFound('menu');
  return row;
}

/**
 * Menus are organisation-wide: only a caller whose workspace is the organisation root may change
 * them, and never so that a menu grants a code the caller does not hold (relabelling one's own
 * `menu:add` button into `user:add` would otherwise hand oneself that right).
 */
async function requireMenuEditor(
  tx: Db,
  caller: Caller,
  before: MenuCodeRow | null,
  after: MenuCodeRow | null,
): Promise<void> {
  if (!(await isOrganisationLevel(tx, caller.workspaceId))) throw new ApiError(403, 'forbidden');
  if (!after) return;
  const held = new Set(before ? menuCodes(before) : []);
  if (!menuCodes(after).every((code) => held.has(code) || caller.can(code)))
    throw new ApiError(403, 'forbidden');
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
      const label = { module: 'menu', action: 'add', target: b.name };
      const menuId = await runChange(deps, request, label, async (tx, caller) => {
        await requireMenuEditor(tx, caller, null, { ...b, perms: b.perms ?? '' });
        await requireMenu(tx, b.parent_id);
        const row = await queryOne<{ id: number }>(
          tx,
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
        if (!row) throw new Error('menu insert returned no row');
        await audit(tx, request, { ...label, targetName: b.name });
        return row.id;
      });
      return ok(request, { id: menuId });
    },
  );

  app.post(
    API.menuEdit,
    { config: { access: 'menu:edit' }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'menu', action: 'edit', target: String(b.id) };
      const holders = await runChange(deps, request, label, async (tx, caller) => {
        const before = await requireMenu(tx, b.id);
        if (!before) throw notFound('menu');
        const after = {
          kind: b.kind ?? before.kind,
          name: b.name ?? before.name,
          perms: b.perms ?? before.perms,
        };
        await requireMenuEditor(tx, caller, before, after);
        if (typeof b.parent_id === 'number') {
          await requireMenu(tx, b.parent_id);
          if ((await subtree(tx, b.id)).includes(b.parent_id))
            throw new ApiError(409, 'conflict.menu_parent');
        }
        await tx.query(
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
        await audit(tx, request, { ...label, targetName: before.name, detail: JSON.stringify(b) });
        return rolesHolding(tx, b.id);
      });
      // The menu's code may have changed under every role that holds it.
      for (const roleId of holders) deps.events.changed({ kind: 'role', roleId });
      return ok(request, { id: b.id });
    },
  );

  app.post(
    API.menuDel,
    { config: { access: 'menu:del' }, schema: { body: z.object({ id }) } },
    async (request) => {
      const menuId = request.body.id;
      const label = { module: 'menu', action: 'del', target: String(menuId) };
      const holders = await runChange(deps, request, label, async (tx, caller) => {
        const before = await requireMenu(tx, menuId);
        await requireMenuEditor(tx, caller, before, null);
        // Read before the delete: the role links of the menu and its children go with it.
        const roles = await rolesHolding(tx, menuId);
        await tx.query('delete from menus where id = $1', [menuId]);
        await audit(tx, request, { ...label, targetName: before?.name ?? '' });
        return roles;
      });
      for (const roleId of holders) deps.events.changed({ kind: 'role', roleId });
      return ok(request, null);
    },
  );
}
