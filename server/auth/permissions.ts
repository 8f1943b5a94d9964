/**
 * The one permission model, read by the HTTP routes (`server/http/caller.ts`) and the broker
 * (`server/mqtt/authQueries.ts`) alike, so that a page or a button means the same thing on both paths.
 *
 * - A role grants codes: a menu (page) grants its name; a button grants its `perms`, which may list
 *   several codes separated by commas (spaces around them do not count).
 * - An all-access role (the seeded admin, migration 0002) grants every code, including later ones.
 * - A workspace's scope is itself and every workspace below it.
 * - Organisation level: a caller whose workspace is the top of the tree (no parent). Only such a
 *   caller may change the organisation-wide menu structure.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';

/** Splits a button's `perms` text into its codes: comma-separated, blanks dropped. */
export function splitCodes(perms: string): string[] {
  return perms
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** The codes one menu row grants: a page its name, a button each code of its `perms`. */
export function menuCodes(menu: { kind: string; name: string; perms: string }): string[] {
  if (menu.kind === 'button') return splitCodes(menu.perms);
  return menu.name === '' ? [] : [menu.name];
}

/** Ids of `workspaceId` and every workspace below it. */
export async function subtreeIds(db: Db, workspaceId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `with recursive scope(id) as (
       select id from workspaces where id = $1
       union all select w.id from workspaces w join scope s on w.parent_id = s.id)
     select id from scope`,
    [workspaceId],
  );
  return rows.map((r) => r.id);
}

/** Serial numbers of every device in `workspaceId`'s scope. */
export async function subtreeDeviceSns(db: Db, workspaceId: number): Promise<Set<string>> {
  const rows = await db.query<{ device_sn: string }>(
    'select device_sn from devices where workspace_id = any($1::int[])',
    [await subtreeIds(db, workspaceId)],
  );
  return new Set(rows.map((r) => r.device_sn));
}

/** What a role grants: everything (all-access) or the codes of its menus. */
export interface RoleGrants {
  allAccess: boolean;
  codes: ReadonlySet<string>;
}

/** The codes the menus of `roleId` grant (not counting all-access). */
export async function roleCodes(db: Db, roleId: number): Promise<Set<string>> {
  const rows = await db.query<{ kind: string; name: string; perms: string }>(
    `select m.kind, m.name, m.perms from role_menus rm join menus m on m.id = rm.menu_id
     where rm.role_id = $1`,
    [roleId],
  );
  return new Set(rows.flatMap(menuCodes));
}

/** The grants of `roleId`; an unknown role grants nothing. */
export async function roleGrants(db: Db, roleId: number): Promise<RoleGrants> {
  const role = await queryOne<{ all_access: boolean }>(
    db,
    'select all_access from roles where id = $1',
    [roleId],
  );
  if (!role) return { allAccess: false, codes: new Set() };
  return { allAccess: role.all_access, codes: await roleCodes(db, roleId) };
}

/** Whether `grants` include `code`. */
export function grants(role: RoleGrants, code: string): boolean {
  return role.allAccess || role.codes.has(code);
}

/** Whether the role `roleId` grants `code`. */
export async function roleHasPermission(db: Db, roleId: number, code: string): Promise<boolean> {
  return grants(await roleGrants(db, roleId), code);
}

/** Whether `workspaceId` is the organisation root (the top of the workspace tree). */
export async function isOrganisationLevel(db: Db, workspaceId: number): Promise<boolean> {
  const row = await queryOne<{ root: boolean }>(
    db,
    'select parent_id is null as root from workspaces where id = $1',
    [workspaceId],
  );
  return row?.root ?? false;
}
