import type { Device } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';

/** Select producing a `Device` row. */
export const DEVICE_SELECT = `
  select d.device_sn, d.name, d.domain, d.type, d.sub_type, d.model_name, d.workspace_id,
         w.name as workspace_name, d.gateway_sn, d.firmware_version, d.online, d.bound_at,
         d.last_online_at, d.created_at, d.latitude, d.longitude
  from devices d join workspaces w on w.id = d.workspace_id`;

export interface DeviceRow {
  device_sn: string;
  name: string;
  domain: number;
  type: number;
  sub_type: number;
  model_name: string;
  workspace_id: number;
  workspace_name: string;
  gateway_sn: string | null;
  firmware_version: string;
  online: boolean;
  bound_at: Date | null;
  last_online_at: Date | null;
  created_at: Date;
  latitude: number | null;
  longitude: number | null;
}

/** A row as the wire shape. */
export function toDevice(row: DeviceRow): Device {
  return {
    ...row,
    model_key: `${row.domain}-${row.type}-${row.sub_type}`,
    bound_at: row.bound_at?.toISOString() ?? null,
    last_online_at: row.last_online_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** One device by serial number, or undefined. */
export async function findDevice(db: Db, sn: string): Promise<Device | undefined> {
  const row = await queryOne<DeviceRow>(db, `${DEVICE_SELECT} where d.device_sn = $1`, [sn]);
  return row && toDevice(row);
}
