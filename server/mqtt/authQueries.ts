/** The database reads behind broker authentication and authorization. */
import { queryOne } from '../db/Db.ts';
import type { Db } from '../db/Db.ts';

/** The permission code that lets a role fly devices (publish `drc/down` and `services`). */
export const CONTROL_PERMISSION = 'device:control';

interface UserRow {
  id: number;
  username: string;
  role_id: number;
  workspace_id: number;
  enabled: boolean;
}

/** An enabled user by id, or undefined. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const row = await queryOne<UserRow>(
    db,
    'select id, username, role_id, workspace_id, enabled from users where id = $1',
    [id],
  );
  return row?.enabled ? row : undefined;
}

/** An enabled user by username, or undefined. */
export async function findUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const row = await queryOne<UserRow>(
    db,
    'select id, username, role_id, workspace_id, enabled from users where username = $1',
    [username],
  );
  return row?.enabled ? row : undefined;
}

/** Serial numbers of every device in the workspace `workspaceId` and all workspaces below it. */
export async function subtreeDeviceSns(db: Db, workspaceId: number): Promise<Set<string>> {
  const rows = await db.query<{ device_sn: string }>(
    `with recursive sub as (
       select id from workspaces where id = $1
       union all
       select w.id from workspaces w join sub on w.parent_id = sub.id
     )
     select device_sn from devices where workspace_id in (select id from sub)`,
    [workspaceId],
  );
  return new Set(rows.map((r) => r.device_sn));
}

/**
 * Whether the role grants `permission`: an all-access role (the seeded admin, see migration 0002)
 * always does; any other through one of its menus' perms (which may list several, comma-separated).
 * The HTTP side (`server/http/caller.ts`) applies the same two rules.
 */
export async function roleHasPermission(
  db: Db,
  roleId: number,
  permission: string,
): Promise<boolean> {
  const row = await queryOne<{ ok: boolean }>(
    db,
    `select r.all_access or exists (
       select 1 from role_menus rm join menus m on m.id = rm.menu_id
       where rm.role_id = r.id and $2 = any(string_to_array(replace(m.perms, ' ', ''), ','))
     ) as ok
     from roles r where r.id = $1`,
    [roleId, permission],
  );
  return row?.ok ?? false;
}

/** A device's secret hash, or undefined when the serial number is not registered. */
export async function deviceSecretHash(db: Db, sn: string): Promise<string | undefined> {
  const row = await queryOne<{ secret_hash: string }>(
    db,
    'select secret_hash from devices where device_sn = $1',
    [sn],
  );
  return row?.secret_hash;
}

/** The device itself plus every device whose gateway it is. */
export async function gatewayFamilySns(db: Db, sn: string): Promise<Set<string>> {
  const rows = await db.query<{ device_sn: string }>(
    'select device_sn from devices where device_sn = $1 or gateway_sn = $1',
    [sn],
  );
  return new Set(rows.map((r) => r.device_sn));
}
