import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';

/**
 * Whether another project under the same parent already has this name (case and surrounding space
 * ignored): the project switcher and every picker show projects by name alone, so two siblings of
 * one name could not be told apart.
 */
export async function siblingNamed(
  db: Db,
  parentId: number | null,
  projectName: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    `select id from workspaces where parent_id is not distinct from $1
     and lower(trim(name)) = lower(trim($2)) and id <> $3 limit 1`,
    [parentId, projectName, exceptId],
  );
  return row !== undefined;
}
