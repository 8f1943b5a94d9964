/**
 * Reads of what MQTT ingestion stores: HMS alarms (`device_hms_alarms`) and track points
 * (`device_tracks`). Alarms arrive on the gateway's topic; an alarm whose `device_type` is an
 * aircraft's (domain 0) is about the aircraft the gateway carries, so it is answered under that
 * aircraft's serial number, like the console files it when it arrives live.
 */
import type { HmsAlarmRecord, TrackPointDto } from '../../../protocol/alarms.ts';
import type { Db } from '../../db/Db.ts';

interface AlarmRow extends Omit<HmsAlarmRecord, 'raised_at' | 'cleared_at'> {
  raised_at: Date;
  cleared_at: Date | null;
}

/** The alarms of gateways registered in `workspaces`, with the device each one is about. */
const SCOPED_ALARMS = `
  select * from (
    select a.id, a.gateway_sn, a.code, a.level, a.module, a.in_the_sky, a.imminent, a.device_type,
           a.args, a.raised_at, a.cleared_at,
           coalesce(case when a.device_type like '0-%' then (
             select c.device_sn from devices c
             where c.gateway_sn = a.gateway_sn and c.domain = 0 order by c.id limit 1) end,
             a.gateway_sn) as device_sn
    from device_hms_alarms a join devices g on g.device_sn = a.gateway_sn
    where g.workspace_id = any($1::int[])) t`;

/** At most this many active alarms are answered: more than a control room can read anyway. */
export const ACTIVE_LIMIT = 1_000;

const toRecord = (row: AlarmRow): HmsAlarmRecord => ({
  ...row,
  raised_at: row.raised_at.toISOString(),
  cleared_at: row.cleared_at?.toISOString() ?? null,
});

/** Alarms not cleared yet, newest first; `deviceSn` narrows to one device (gateway or aircraft). */
export async function activeAlarms(
  db: Db,
  workspaces: readonly number[],
  deviceSn: string | undefined,
): Promise<HmsAlarmRecord[]> {
  const params: unknown[] = [workspaces];
  let device = '';
  if (deviceSn !== undefined) {
    params.push(deviceSn);
    device = 'and (t.device_sn = $2 or t.gateway_sn = $2)';
  }
  const rows = await db.query<AlarmRow>(
    `${SCOPED_ALARMS} where t.cleared_at is null ${device} order by t.raised_at desc, t.id desc limit ${ACTIVE_LIMIT}`,
    params,
  );
  return rows.map(toRecord);
}

export interface HistoryFilter {
  from: Date | undefined;
  to: Date | undefined;
  deviceSn: string | undefined;
  level: number | undefined;
  current: number;
  size: number;
}

/** Alarms raised in a time range (active and cleared), newest first, one page and the total. */
export async function alarmHistory(
  db: Db,
  workspaces: readonly number[],
  f: HistoryFilter,
): Promise<{ data: HmsAlarmRecord[]; total: number }> {
  const params: unknown[] = [workspaces];
  const parts: string[] = [];
  const add = (sql: string, value: unknown): void => {
    if (value === undefined) return;
    params.push(value);
    parts.push(sql.replaceAll('?', `$${params.length}`));
  };
  add('t.raised_at >= ?', f.from);
  add('t.raised_at <= ?', f.to);
  add('(t.device_sn = ? or t.gateway_sn = ?)', f.deviceSn);
  add('t.level = ?', f.level);
  const where = parts.length > 0 ? `where ${parts.join(' and ')}` : '';
  const total = await db.query<{ n: number }>(
    `select count(*)::int as n from (${SCOPED_ALARMS} ${where}) counted`,
    params,
  );
  const rows = await db.query<AlarmRow>(
    `${SCOPED_ALARMS} ${where} order by t.raised_at desc, t.id desc
     limit ${f.size} offset ${(f.current - 1) * f.size}`,
    params,
  );
  return { data: rows.map(toRecord), total: total[0]?.n ?? 0 };
}

interface TrackRow extends Omit<TrackPointDto, 'ts'> {
  ts: Date;
}

/** Track points of one aircraft between two instants, oldest first, at most `limit`. */
export async function trackPoints(
  db: Db,
  sn: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<TrackPointDto[]> {
  const rows = await db.query<TrackRow>(
    `select ts, latitude, longitude, height, elevation, attitude_head, horizontal_speed,
            vertical_speed, battery_percent, mode_code
     from device_tracks where device_sn = $1 and ts >= $2 and ts <= $3 order by ts limit $4`,
    [sn, from, to, limit],
  );
  return rows.map((row) => ({ ...row, ts: row.ts.toISOString() }));
}
