/**
 * The simulated dock's camera and media upload. During a task flight it runs the `reachPoint`
 * actions after each step and shoots a real JPEG for every `takePhoto`; the photos wait in memory
 * until the flight ends on the dock. Then, as a real dock does (protocol §8), it asks
 * `storage_config_get`, uploads each file with S3 `PutObject` and reports it with a
 * `file_upload_callback` event.
 */
import { randomUUID } from 'node:crypto';
import { parseTopic, thingTopic } from '../../../protocol/mqtt/topics.ts';
import { takePhoto } from '../camera/takePhoto.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import { stepActions } from '../waylineFlight.ts';
import type { PhotoRequest, WaylineFlight } from '../waylineFlight.ts';
import { readStorageGrant, s3Upload } from './simUpload.ts';
import type { StorageGrant } from './simUpload.ts';

const REQUEST_TIMEOUT_MS = 15_000;
/** `payload_model_key` of the main camera per aircraft model (protocol §9). */
const CAMERA_BY_MODEL: Readonly<Record<string, string>> = {
  '0-91-0': '1-80-0',
  '0-91-1': '1-81-0',
  '0-67-0': '1-52-0',
  '0-67-1': '1-53-0',
  '0-100-0': '1-98-0',
  '0-100-1': '1-99-0',
};

export interface SimMediaDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** Stores a file where the grant says (S3 `PutObject` by default). */
  upload?: (grant: StorageGrant, key: string, body: Uint8Array, type: string) => Promise<void>;
}

interface Photo {
  request: PhotoRequest;
  time: number;
  jpeg: Promise<Uint8Array | null>;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDDhhmmss` in UTC, as DJI file names carry the shot time. */
function stamp(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear())}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(
    d.getUTCHours(),
  )}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC: the `create_time` spelling of the protocol doc's example. */
const createTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The camera and uploader of one simulated dock. */
export function simMedia(deps: SimMediaDeps) {
  const { def } = deps;
  const dockSn = def.dock.sn;
  const upload = deps.upload ?? s3Upload;
  const photos = new Map<string, Photo[]>();
  const waiting = new Map<string, (data: unknown) => void>();
  const running = new Set<Promise<void>>();

  function shoot(flight: WaylineFlight, request: PhotoRequest): Photo {
    const time = deps.now();
    const home = deps.def.homeHeight;
    const jpeg = takePhoto({
      lat: request.pos.lat,
      lon: request.pos.lng,
      altitude: home + request.height,
      yaw: request.yaw,
      time,
      make: 'DJI',
      model: def.aircraft.modelName,
      heightM: request.height,
      pitchDeg: request.pitch,
      label: `${def.aircraft.name} · ${flight.flightId.slice(0, 8)} · WP${String(request.point + 1)}`,
    }).catch(() => null);
    return { request, time, jpeg };
  }

  function ask(method: string, data: Record<string, unknown>): Promise<unknown> {
    const tid = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(tid);
        resolve(null);
      }, REQUEST_TIMEOUT_MS);
      waiting.set(tid, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      const body = { tid, bid: randomUUID(), gateway: dockSn, method, data, timestamp: deps.now() };
      deps.publish(thingTopic(dockSn, 'requests'), JSON.stringify(body));
    });
  }

  function callback(flightId: string, key: string, name: string, photo: Photo): void {
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

  async function uploadFlight(flightId: string, list: Photo[]): Promise<void> {
    const grant = readStorageGrant(field(await ask('storage_config_get', { module: 0 }), 'output'));
    if (!grant) return;
    for (const [i, photo] of list.entries()) {
      const jpeg = await photo.jpeg;
      if (!jpeg) continue;
      const name = `DJI_${stamp(photo.time)}_${String(i + 1).padStart(4, '0')}_V.jpeg`;
      const key = `${grant.object_key_prefix}/${flightId}/${name}`;
      try {
        await upload(grant, key, jpeg, 'image/jpeg');
      } catch {
        // A refused upload is skipped, as a dock gives up on a file after its retries.
        continue;
      }
      callback(flightId, key, name, photo);
    }
  }

  function track(work: Promise<void>): void {
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  return {
    /** Runs after each step of the unit: actions, photos, and the upload once the flight ends. */
    afterStep(dt: number): void {
      const s = deps.state();
      const flight = s.flight;
      if (!flight) return;
      stepActions(flight, s, dt);
      if (flight.shots.length > 0) {
        const list = photos.get(flight.flightId) ?? [];
        for (const request of flight.shots.splice(0)) list.push(shoot(flight, request));
        photos.set(flight.flightId, list);
      }
      const ended = flight.status === 'ok' || flight.status === 'failed';
      const list = photos.get(flight.flightId);
      if (ended && list && s.phase === 'docked') {
        photos.delete(flight.flightId);
        track(uploadFlight(flight.flightId, list));
      }
    },
    /** One message on the dock's `requests_reply`: answers to this module's own requests. */
    handle(topic: string, payload: Uint8Array): void {
      if (parseTopic(topic)?.kind !== 'requests_reply') return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(payload).toString('utf8'));
      } catch {
        return;
      }
      const tid = field(body, 'tid');
      if (typeof tid !== 'string') return;
      waiting.get(tid)?.(field(body, 'data'));
      waiting.delete(tid);
    },
    /** Resolves when the uploads under way have finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null
    ? (data as Record<string, unknown>)[name]
    : undefined;
}
