import { randomUUID } from 'node:crypto';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { Photo } from './shootPhoto.ts';

/** `payload_model_key` of the main camera per aircraft model (protocol §9). */
const CAMERA_BY_MODEL: Readonly<Record<string, string>> = {
  '0-91-0': '1-80-0',
  '0-91-1': '1-81-0',
  '0-67-0': '1-52-0',
  '0-67-1': '1-53-0',
  '0-100-0': '1-98-0',
  '0-100-1': '1-99-0',
};

/** `YYYY-MM-DD HH:mm:ss` in UTC: the `create_time` spelling of the protocol doc's example. */
const createTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export interface UploadCallbackDeps {
  def: SimUnitDef;
  now: () => number;
  publish: (topic: string, payload: string) => void;
}

/**
 * Reports one uploaded photo with the `file_upload_callback` event (protocol §8), so the cloud
 * learns where the file lies and where and how it was shot.
 */
export function uploadCallback(
  deps: UploadCallbackDeps,
  flightId: string,
  key: string,
  name: string,
  photo: Photo,
): void {
  const { def } = deps;
  const dockSn = def.dock.sn;
  const { request } = photo;
  const data = {
    result: 0,
    file: {
      object_key: key,
      path: flightId,
      name,
      ext: {
        flight_id: flightId,
        drone_model_key: def.aircraft.modelKey,
        payload_model_key: CAMERA_BY_MODEL[def.aircraft.modelKey] ?? '1-80-0',
        is_original: true,
      },
      metadata: {
        gimbal_yaw_degree: Math.round(request.yaw * 10) / 10,
        absolute_altitude: Math.round((def.homeHeight + request.height) * 10) / 10,
        relative_altitude: Math.round(request.height * 10) / 10,
        create_time: createTime(photo.time),
        shoot_position: { lat: request.pos.lat, lng: request.pos.lng },
      },
    },
  };
  const body = {
    tid: randomUUID(),
    bid: randomUUID(),
    timestamp: deps.now(),
    gateway: dockSn,
    method: 'file_upload_callback',
    need_reply: 1,
    data,
  };
  deps.publish(thingTopic(dockSn, 'events'), JSON.stringify(body));
}
