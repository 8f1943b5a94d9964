/**
 * Loads who is on the other end of a broker connection from the database: a console user with the
 * devices of their workspace's scope and what their role lets them do, or a device with the children
 * it may speak for.
 */
import type { Db } from '../db/Db.ts';
import { grants, roleGrants } from '../auth/permissions.ts';
import {
  CONTROL_PERMISSION,
  deviceWorkspaceId,
  findUserById,
  gatewayFamilySns,
  registeredIn,
  subtreeDeviceSns,
} from './authQueries.ts';
import type { Principal } from './topicRules.ts';

/**
 * Pages that show live telemetry (page menus grant their name, see server/auth/permissions.ts): a
 * role without any of them has nothing to watch, so the broker refuses its subscriptions.
 */
export const TELEMETRY_PAGES = ['workbench', 'device', 'drone_ctl'] as const;

/** The page whose holders follow their workspace's runs over the broker (the task list's name). */
export const RUNS_PAGE = 'task';

/** An enabled user's principal, or null when the account is gone or disabled. */
export async function loadUserPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const role = await roleGrants(db, user.role_id);
  return {
    kind: 'user',
    name: user.username,
    userId: user.id,
    roleId: user.role_id,
    workspaceId: user.workspace_id,
    canControl: grants(role, CONTROL_PERMISSION),
    canWatch: TELEMETRY_PAGES.some((page) => grants(role, page)),
    canSeeRuns: grants(role, RUNS_PAGE),
    sns: await subtreeDeviceSns(db, user.workspace_id),
  };
}

/**
 * A registered device's principal, or null when it is not registered (any more). A gateway speaks
 * for the children it announced in its last `update_topo` that are registered in its own project;
 * before any announcement, for the children the database already lists under it.
 */
export async function loadDevicePrincipal(
  db: Db,
  sn: string,
  announced?: readonly string[],
): Promise<Principal | null> {
  const workspaceId = await deviceWorkspaceId(db, sn);
  if (workspaceId === undefined) return null;
  const children = announced
    ? await registeredIn(db, announced, workspaceId)
    : await gatewayFamilySns(db, sn);
  return { kind: 'device', name: sn, sn, workspaceId, sns: new Set([sn, ...children]) };
}
