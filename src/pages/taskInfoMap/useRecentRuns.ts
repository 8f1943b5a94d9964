import { useEffect, useState } from 'react';
import { listTasks } from '../../api/tasks.ts';
import { recentRuns, type RecentRun } from './recentRuns.ts';

/** Tasks read for the picker: the newest hundred hold the runs anyone looks for on a wall. */
const TASKS_READ = 100;

/** The picker's list: loading, failed (the HTTP client has said why) or read. */
export type RecentRunsLoad =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; runs: RecentRun[] };

/** Reads the recent runs of project `workspaceId` (every project in scope when undefined). */
export function useRecentRuns(workspaceId: number | undefined): RecentRunsLoad {
  const [answer, setAnswer] = useState<{ key: string; load: RecentRunsLoad } | null>(null);
  const key = String(workspaceId);
  useEffect(() => {
    let alive = true;
    listTasks({
      current: 1,
      size: TASKS_READ,
      ...(workspaceId === undefined ? {} : { workspace_id: workspaceId }),
    }).then(
      (page) => alive && setAnswer({ key, load: { status: 'ready', runs: recentRuns(page.data) } }),
      // The HTTP client has already told the user why; the picker says it has nothing to offer.
      () => alive && setAnswer({ key, load: { status: 'error' } }),
    );
    return () => {
      alive = false;
    };
  }, [key, workspaceId]);
  return answer?.key === key ? answer.load : { status: 'loading' };
}
