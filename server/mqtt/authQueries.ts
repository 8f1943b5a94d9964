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

// The workspace-subtree and role-permission rules live in one module shared with the HTTP side.
export { roleHasPermission, subtreeDeviceSns } from '../auth/permissions.ts';

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

/** A registered device's workspace, or undefined. */
export async function deviceWorkspaceId(db: Db, sn: string): Promise<number | undefined> {
  const row = await queryOne<{ workspace_id: number }>(
    db,
    'select workspace_id from devices where device_sn = $1',
    [sn],
  );
  return row?.workspace_id;
}

/** Which of `sns` are registered in the workspace `workspaceId` itself (a gateway's project). */
export async function registeredIn(
  db: Db,
  sns: readonly string[],
  workspaceId: number,
): Promise<Set<string>> {
  if (sns.length === 0) return new Set();
  const rows = await db.query<{ device_sn: string }>(
    'select device_sn from devices where device_sn = any($1::text[]) and workspace_id = $2',
    [sns, workspaceId],
  );
  return new Set(rows.map((r) => r.device_sn));
}
