/** Calls of the notifications API (`protocol/notifications.ts`). */
import type { Page } from '../../../protocol/http.ts';
import type {
  ChannelKind,
  MessageLang,
  NotificationChannel,
  NotificationDelivery,
  NotificationRule,
} from '../../../protocol/notifications.ts';
import { NOTIFICATION_API } from '../../../protocol/notifications.ts';
import type { Query } from '../../api/createClient.ts';
import { http } from '../../api/http.ts';

/** What the channel form sends; `config` holds the kind's fields (credentials as answered when kept). */
export interface ChannelBody {
  id?: number;
  workspace_id?: number;
  name: string;
  kind: ChannelKind;
  lang: MessageLang;
  enabled: boolean;
  config: Record<string, unknown>;
}

export type RuleBody = Omit<
  NotificationRule,
  'id' | 'workspace_id' | 'created_at' | 'updated_at'
> & {
  id?: number;
  workspace_id?: number;
};

export const listChannels = (workspaceId: number) =>
  http.get<NotificationChannel[]>(NOTIFICATION_API.channels, { workspace_id: workspaceId });
export const addChannel = (body: ChannelBody) =>
  http.post<NotificationChannel>(NOTIFICATION_API.channelAdd, body);
export const editChannel = (body: ChannelBody) =>
  http.post<NotificationChannel>(NOTIFICATION_API.channelEdit, body);
export const deleteChannel = (id: number) => http.post<null>(NOTIFICATION_API.channelDel, { id });
export const testChannel = (id: number) =>
  http.post<NotificationDelivery | null>(NOTIFICATION_API.channelTest, { id });

export const listRules = (workspaceId: number) =>
  http.get<NotificationRule[]>(NOTIFICATION_API.rules, { workspace_id: workspaceId });
export const addRule = (body: RuleBody) =>
  http.post<NotificationRule>(NOTIFICATION_API.ruleAdd, body);
export const editRule = (body: RuleBody) =>
  http.post<NotificationRule>(NOTIFICATION_API.ruleEdit, body);
export const deleteRule = (id: number) => http.post<null>(NOTIFICATION_API.ruleDel, { id });

export const listDeliveries = (query: Query) =>
  http.get<Page<NotificationDelivery>>(NOTIFICATION_API.deliveries, query);
