/** Calls of the AI-alarm API (`protocol/aiAlarms.ts`). */
import type {
  AiAlarm,
  AiAlarmDetail,
  AiAlarmStats,
  AiAssignee,
  AiBulkInput,
  AiBulkResult,
  AiTransitionInput,
} from '../../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../../protocol/aiAlarms.ts';
import type { Page } from '../../../protocol/http.ts';
import type { Query } from '../../api/createClient.ts';
import { http } from '../../api/http.ts';

export const listAiAlarms = (query: Query) => http.get<Page<AiAlarm>>(AI_ALARM_API.list, query);
export const fetchAiAlarm = (id: number) => http.get<AiAlarmDetail>(AI_ALARM_API.info, { id });
export const fetchAiStats = (query: Query) => http.get<AiAlarmStats>(AI_ALARM_API.stats, query);
export const listAssignees = () => http.get<AiAssignee[]>(AI_ALARM_API.assignees);
export const moveAiAlarm = (input: AiTransitionInput) =>
  http.post<null>(AI_ALARM_API.transition, input);
export const bulkMoveAiAlarms = (input: AiBulkInput) =>
  http.post<AiBulkResult>(AI_ALARM_API.bulk, input);
export const commentAiAlarm = (id: number, body: string) =>
  http.post<null>(AI_ALARM_API.comment, { id, body });
export const deleteAiAlarms = (ids: number[]) => http.post<null>(AI_ALARM_API.del, { ids });
