/**
 * The simulated dock's camera and media upload. During a task flight it runs the `reachPoint`
 * actions after each step and shoots a real JPEG for every `takePhoto` (`shootPhoto`); the photos
 * wait in memory until the flight ends on the dock. Then, as a real dock does (protocol §8), it asks
 * `storage_config_get`, uploads each file with S3 `PutObject` and reports it with a
 * `file_upload_callback` event (`uploadFlight`).
 */
import { parseTopic } from '../../../protocol/mqtt/topics.ts';
import { dockRequests } from '../dockRequests.ts';
import type { SimUnitDef } from '../fleet.ts';
import { field } from '../payloadField.ts';
import type { UnitState } from '../unitState.ts';
import { stepActions } from '../waylineFlight.ts';
import { shootPhoto } from './shootPhoto.ts';
import type { Photo } from './shootPhoto.ts';
import { s3Upload } from './simUpload.ts';
import type { StorageGrant } from './simUpload.ts';
import { uploadFlight } from './uploadFlight.ts';
import type { UploadFlightDeps } from './uploadFlight.ts';

export interface SimMediaDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** Stores a file where the grant says (S3 `PutObject` by default). */
  upload?: (grant: StorageGrant, key: string, body: Uint8Array, type: string) => Promise<void>;
}

/** The camera and uploader of one simulated dock. */
export function simMedia(deps: SimMediaDeps) {
  const { def } = deps;
  const photos = new Map<string, Photo[]>();
  const requests = dockRequests({ dockSn: def.dock.sn, now: deps.now, publish: deps.publish });
  const running = new Set<Promise<void>>();
  const uploader: UploadFlightDeps = {
    def,
    now: deps.now,
    publish: deps.publish,
    ask: requests.ask,
    upload: deps.upload ?? s3Upload,
  };

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
        for (const request of flight.shots.splice(0))
          list.push(shootPhoto(def, flight, request, deps.now()));
        photos.set(flight.flightId, list);
      }
      const ended = flight.status === 'ok' || flight.status === 'failed';
      const list = photos.get(flight.flightId);
      if (ended && list && s.phase === 'docked') {
        photos.delete(flight.flightId);
        track(uploadFlight(uploader, flight.flightId, list));
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
      requests.answer(tid, field(body, 'data'));
    },
    /** Resolves when the uploads under way have finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
