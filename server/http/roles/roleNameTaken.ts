import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';

/**
 * Whether another role of the workspace (any but `except`) already has this name: role names are
 * unique within a workspace.
 */
export async function roleNameTaken(
  tx: Db,
  workspaceId: number,
  roleName: string,
  except = 0,
): Promise<object | undefined> {
  return queryOne(tx, 'select 1 from roles where workspace_id = $1 and name = $2 and id <> $3', [
    workspaceId,
    roleName,
    except,
  ]);
}
