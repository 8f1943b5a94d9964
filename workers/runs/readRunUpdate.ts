/**
 * Decodes one message of the server's run topic (`protocol/tasks.ts` `runTopic`). The server writes
 * it, but a page must not break on a server of another version: anything malformed answers `null`.
 */
import type { RunUpdate } from '../../protocol/tasks.ts';
import { isObject, num, readJson } from '../read/looseJson.ts';

const int = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : Math.trunc(n);
};
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The update in `payload`, or `null` when it is not one. */
export function readRunUpdate(payload: Uint8Array): RunUpdate | null {
  const value = readJson(payload);
  if (!isObject(value)) return null;
  const id = int(value.id);
  const taskId = int(value.task_id);
  const workspaceId = int(value.workspace_id);
  const state = text(value.state);
  const at = int(value.at);
  if (id === null || taskId === null || workspaceId === null || state === null || at === null)
    return null;
  return {
    id,
    task_id: taskId,
    workspace_id: workspaceId,
    flight_id: text(value.flight_id) ?? '',
    dock_sn: text(value.dock_sn) ?? '',
    state,
    percent: int(value.percent) ?? 0,
    current_waypoint: int(value.current_waypoint) ?? 0,
    total_waypoints: int(value.total_waypoints) ?? 0,
    media_count: int(value.media_count),
    result_code: int(value.result_code) ?? 0,
    started_at: text(value.started_at),
    ended_at: text(value.ended_at),
    eta: int(value.eta),
    at,
  };
}
