/**
 * What was seen near a point: alarms and media-library photos within its radius, linked when read
 * (so a changed radius or a moved point applies to the whole history at once). A bounding box in
 * SQL narrows the rows by index; the exact great-circle distance decides.
 */
import type { FeatureNearby, NearbyAlarm, NearbyPhoto } from '../../../protocol/featurePoints.ts';
import type { Db } from '../../db/Db.ts';
import { boxAround, metresBetween } from '../../featurePoints/nearbyBox.ts';
import { mediaLink } from '../../media/mediaLinks.ts';
import type { AlarmRow } from '../aiAlarms/aiAlarmQueries.ts';
import { ALARM_SELECT, toAlarm } from '../aiAlarms/aiAlarmQueries.ts';

/** Rows read from the box at most, and answered at most, per kind: a point's page, not an archive. */
const BOX_LIMIT = 5000;
const ANSWER_LIMIT = 300;

export interface NearbyCentre {
  workspace_id: number;
  longitude: number;
  latitude: number;
  radius: number;
}

export async function nearby(db: Db, p: NearbyCentre, secret: string): Promise<FeatureNearby> {
  const box = boxAround(p.longitude, p.latitude, p.radius);
  const params = [p.workspace_id, box.minLat, box.maxLat, box.minLng, box.maxLng];
  const centre: [number, number] = [p.longitude, p.latitude];
  const alarmRows = await db.query<AlarmRow>(
    `${ALARM_SELECT} where a.workspace_id = $1 and a.latitude between $2 and $3
       and a.longitude between $4 and $5
     order by a.raised_at desc, a.id desc limit ${String(BOX_LIMIT)}`,
    params,
  );
  const alarms: NearbyAlarm[] = [];
  for (const row of alarmRows) {
    if (row.latitude === null || row.longitude === null) continue;
    const d = metresBetween(centre, [row.longitude, row.latitude]);
    if (d <= p.radius)
      alarms.push({ ...toAlarm(row, secret), distance_m: Math.round(d * 10) / 10 });
    if (alarms.length >= ANSWER_LIMIT) break;
  }
  const photoRows = await db.query<{
    id: number;
    name: string;
    device_sn: string;
    shot_at: Date;
    lat: number;
    lon: number;
  }>(
    `select id, name, device_sn, shot_at, lat, lon from media_files
     where workspace_id = $1 and kind = 'photo' and lat between $2 and $3 and lon between $4 and $5
     order by shot_at desc, id desc limit ${String(BOX_LIMIT)}`,
    params,
  );
  const now = Date.now();
  const photos: NearbyPhoto[] = [];
  for (const r of photoRows) {
    const d = metresBetween(centre, [r.lon, r.lat]);
    if (d > p.radius) continue;
    photos.push({
      id: r.id,
      name: r.name,
      device_sn: r.device_sn,
      shot_at: r.shot_at.toISOString(),
      distance_m: Math.round(d * 10) / 10,
      url: mediaLink(secret, 'file', r.id, now),
      thumb_url: mediaLink(secret, 'thumb', r.id, now),
    });
    if (photos.length >= ANSWER_LIMIT) break;
  }
  return { radius: p.radius, alarms, photos };
}
