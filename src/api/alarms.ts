/** Calls of the alarm read API (`protocol/alarms.ts`). */
import type { HmsAlarmRecord, HmsCodeTexts } from '../../protocol/alarms.ts';
import { ALARM_API } from '../../protocol/alarms.ts';
import { MOLD_PROJECT } from '../../protocol/http.ts';
import type { WorkspaceRef } from '../../protocol/http.ts';
import { http } from './http.ts';

/** Alarms active now in a workspace (an organisation includes its projects). */
export const listActiveAlarms = (workspace: WorkspaceRef) =>
  http.get<HmsAlarmRecord[]>(
    ALARM_API.active,
    workspace.mold_id === MOLD_PROJECT ? { workspace_id: workspace.id } : {},
  );

/** Texts of HMS codes from the operator's table; codes it does not hold are left out. */
export const fetchHmsTexts = (codes: readonly string[]) =>
  http.get<Record<string, HmsCodeTexts>>(ALARM_API.texts, { codes: codes.join(',') });
