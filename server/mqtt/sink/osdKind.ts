/**
 * The sink's handler of `osd`: presence, an aircraft's track points and a dock's place, gathered in
 * memory and written once per flush.
 */
import type { Decoded } from '../decode.ts';
import { num } from '../decode.ts';
import { storeDockPositions } from '../eventStore.ts';
import { sentAtOf } from '../sentAt.ts';
import { createTrackSampler, storeTrackPoints } from '../trackSampler.ts';
import { believable, timeOf } from './deviceClock.ts';
import type { SinkParts } from './sinkParts.ts';

/** The model domain of docks (protocol: 0 aircraft, 2 remote controller, 3 dock). */
const DOCK_DOMAIN = 3;

/** `skim`'s answer for a message it has dealt with whole. */
export const SKIMMED = 'skimmed';

export interface OsdKind {
  /**
   * Before the body is decoded: most of an aircraft's `osd` only says it is still there, so its
   * body is read only when it may start a track point. Answers `SKIMMED` when the message needs
   * nothing more, else the clock the track sampler judges it by (undefined: not an aircraft).
   */
  skim(sn: string, payload: Uint8Array, now: number): number | typeof SKIMMED | undefined;
  /** `sampleAt`: the clock the sampler judged this message by (see `skim`). */
  take(sn: string, msg: Decoded, now: number, sampleAt: number): void;
  /** Queues one write per kind for what was gathered since the last flush. */
  drain(): void;
}

export function createOsdKind(parts: SinkParts, trackIntervalMs: number): OsdKind {
  const { presence, lanes, stats } = parts;
  const sampler = createTrackSampler(trackIntervalMs);
  const cameOnline = new Set<string>();
  /** Docks' positions as last stored, and new ones waiting for the next flush. */
  const dockPlaceKnown = new Map<string, string>();
  const dockPlaceDue = new Map<string, [number, number]>();

  /** Keeps a dock's reported position for the device list (only the slow part of its osd has it). */
  function noteDockPlace(sn: string, data: Decoded['data']): void {
    const lat = num(data.latitude);
    const lon = num(data.longitude);
    if (lat === undefined || lon === undefined) return;
    // 0, 0 is what a dock without a fix reports; out-of-range values are not a place.
    if ((lat === 0 && lon === 0) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
    const key = `${String(lat)},${String(lon)}`;
    if (dockPlaceKnown.get(sn) === key) return;
    dockPlaceKnown.set(sn, key);
    dockPlaceDue.set(sn, [lat, lon]);
  }

  return {
    skim(sn, payload, now) {
      if (presence.domainOf(sn) !== 0) return undefined;
      // Judged on the aircraft's clock where its head says it: see sentAt.ts.
      const sent = sentAtOf(payload);
      const sampleAt = believable(sent, now) ? sent : now;
      if (sampler.wants(sn, sampleAt)) return sampleAt;
      if (presence.seen(sn, now)) cameOnline.add(sn);
      return SKIMMED;
    },
    take(sn, msg, now, sampleAt) {
      if (presence.seen(sn, now)) cameOnline.add(sn);
      const domain = presence.domainOf(sn);
      if (domain === 0) sampler.offer(sn, msg.data, timeOf(msg, now), sampleAt);
      else if (domain === DOCK_DOMAIN) noteDockPlace(sn, msg.data);
    },
    drain() {
      const points = sampler.drain();
      stats.trackPoints += points.length;
      if (points.length > 0) {
        parts.observe?.batch('track', points.length);
        lanes.enqueue('track', async () => {
          await storeTrackPoints(parts.db, points);
          parts.observeStored(points.map((p) => p.sentAt ?? p.ts));
        });
      }
      if (cameOnline.size > 0) {
        const sns = [...cameOnline];
        cameOnline.clear();
        // Checked when written: a disconnect queued before this flush has the last word.
        lanes.enqueue('online', () =>
          presence.markOnline(
            sns.filter((sn) => presence.isOnline(sn)),
            parts.scheduler.now(),
          ),
        );
      }
      if (dockPlaceDue.size > 0) {
        const rows = [...dockPlaceDue].map(([sn, [lat, lon]]): [string, number, number] => [
          sn,
          lat,
          lon,
        ]);
        dockPlaceDue.clear();
        lanes.enqueue('dock positions', () => storeDockPositions(parts.db, rows));
      }
    },
  };
}
