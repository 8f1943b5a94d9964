import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import { AI_ALARM_API } from '../../../protocol/aiAlarms.ts';
import { http } from '../../api/http.ts';

/** The stored alarm of a live detection; 404 until ingestion has stored it. Quiet: no error toast. */
export const fetchByEvent = (sn: string, eventId: string) =>
  http.request<AiAlarm>('GET', AI_ALARM_API.byEvent, {
    query: { device_sn: sn, event_id: eventId },
    quiet: true,
  });

/** Alarms still open in the workspace, for the unread count of a console opened later. */
export const fetchOpenAlarms = (workspaceId: number | undefined) =>
  http.request<AiAlarm[]>('GET', AI_ALARM_API.open, {
    query: { workspace_id: workspaceId },
    quiet: true,
  });
