/** Reads of the delivery log, each delivery with its attempts in order. */
import type { DeliveryAttempt, NotificationDelivery } from '../../../protocol/notifications.ts';
import type { Db } from '../../db/Db.ts';
import { Where } from '../where.ts';

interface DeliveryRow extends Omit<NotificationDelivery, 'created_at' | 'attempts'> {
  created_at: Date;
  attempts: (Omit<DeliveryAttempt, 'at'> & { at: string })[] | string;
}

const SELECT = `
  select d.id, d.workspace_id, d.channel_id, d.channel_name, d.channel_kind, d.rule_id, d.kind,
    d.event_kind, d.device_sn, d.title, d.status, d.created_at,
    coalesce((select json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'ok', a.ok,
                'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms)
              order by a.attempt)
              from notification_attempts a where a.delivery_id = d.id), '[]'::json) as attempts
  from notification_deliveries d`;

function toDelivery(row: DeliveryRow): NotificationDelivery {
  // json comes back parsed from PostgreSQL; keep a text answer readable too.
  const attempts =
    typeof row.attempts === 'string'
      ? (JSON.parse(row.attempts) as DeliveryRow['attempts'])
      : row.attempts;
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    attempts: (Array.isArray(attempts) ? attempts : []).map((a) => ({
      ...a,
      at: new Date(a.at).toISOString(),
    })),
  };
}

/** One delivery, or undefined. */
export async function deliveryById(db: Db, id: number): Promise<NotificationDelivery | undefined> {
  const [row] = await db.query<DeliveryRow>(`${SELECT} where d.id = $1`, [id]);
  return row ? toDelivery(row) : undefined;
}

export interface DeliveryFilter {
  workspaceId: number;
  channelId?: number;
  status?: string;
  limit: number;
  offset: number;
}

/** A page of a workspace's deliveries, newest first, and how many match. */
export async function listDeliveries(db: Db, f: DeliveryFilter) {
  const where = new Where()
    .add('d.workspace_id = ?', f.workspaceId)
    .add('d.channel_id = ?', f.channelId)
    .add('d.status = ?', f.status);
  const [total] = await db.query<{ n: number }>(
    `select count(*)::int as n from notification_deliveries d ${where.toString()}`,
    where.params,
  );
  const page = new Where(where.params);
  const sql = `${SELECT} ${where.toString()} order by d.id desc limit ${page.next(f.limit)} offset ${page.next(f.offset)}`;
  const rows = await db.query<DeliveryRow>(sql, page.params);
  return { data: rows.map(toDelivery), total: total?.n ?? 0 };
}
