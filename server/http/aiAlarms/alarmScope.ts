import type { Caller } from '../caller.ts';
import { subtreeIds } from '../caller.ts';
import type { AppDeps } from '../context.ts';
import { requireInScope } from '../scope.ts';

/** Reading AI alarms needs their page. */
export const READ_ACCESS = 'aralm';
export const EDIT_ACCESS = 'alarm:edit';
export const DEL_ACCESS = 'alarm:del';

/** The workspaces an answer may cover: the caller's, or the asked one's subtree when in scope. */
export async function alarmWorkspaces(
  deps: AppDeps,
  caller: Caller,
  workspaceId: number | undefined,
): Promise<number[]> {
  if (workspaceId === undefined) return caller.scope();
  await requireInScope(caller, workspaceId, 'workspace');
  return subtreeIds(deps.db, workspaceId);
}
