/**
 * The live services of a simulated unit's cameras (protocol §7): `live_start_push`,
 * `live_stop_push`, `live_set_quality` and `live_lens_change`, one handler per method, and the timer
 * of each stream that renders its frames into the live hub.
 */
import { hubOfPushUrl } from '../../video/LiveHub.ts';
import { field } from '../payloadField.ts';
import { LIVE_PROFILES } from './liveCameras.ts';
import type { Live, LiveCameras } from './liveCameras.ts';
import { renderLiveFrame } from './renderLiveFrame.ts';

/**
 * Live codes of protocol §7 (module 13, dock side 513xxx): already streaming, protocol unsupported,
 * bad parameters.
 */
export const LIVE_CODES = { alreadyLive: 513003, unsupported: 513013, badParams: 513014 } as const;

/** A stream whose hub has nobody watching for this long stops itself, as if the push had dropped, ms. */
const ORPHAN_MS = 15_000;

/** One live service: 0 or a refusal code. */
type LiveHandler = (cams: LiveCameras, data: unknown, method: string) => number;

/** Stops a stream; false when it was not running. */
export function stopLive(cams: LiveCameras, videoId: string): boolean {
  const s = cams.live.get(videoId);
  if (!s) return false;
  clearInterval(s.timer);
  cams.live.delete(videoId);
  return true;
}

function schedule(cams: LiveCameras, videoId: string, s: Live): NodeJS.Timeout {
  const fps = LIVE_PROFILES[s.quality]?.fps ?? 10;
  const timer = setInterval(() => {
    const hub = hubOfPushUrl(s.url);
    const watched = hub?.publish(videoId, renderLiveFrame(cams, videoId, s)) ?? false;
    const now = Date.now();
    if (watched) s.lastWatched = now;
    else if (now - s.lastWatched > ORPHAN_MS) stopLive(cams, videoId);
  }, 1000 / fps);
  // A camera never keeps the process alive on its own.
  timer.unref();
  return timer;
}

function ownsVideo(cams: LiveCameras, videoId: string): boolean {
  const [sn, camera, index] = videoId.split('/');
  return (sn === cams.aircraftSn || sn === cams.dockSn) && Boolean(camera) && Boolean(index);
}

function start(cams: LiveCameras, data: unknown): number {
  const videoId = field(data, 'video_id');
  const url = field(data, 'url');
  const urlType = field(data, 'url_type');
  const quality = field(data, 'video_quality');
  if (typeof videoId !== 'string' || typeof url !== 'string' || !ownsVideo(cams, videoId))
    return LIVE_CODES.badParams;
  if (urlType !== 1 && urlType !== 3 && urlType !== 4) return LIVE_CODES.unsupported;
  if (cams.live.has(videoId)) return LIVE_CODES.alreadyLive;
  const s: Live = {
    url,
    quality: typeof quality === 'number' && quality in LIVE_PROFILES ? quality : 0,
    lens: 'normal',
    timer: setTimeout(() => undefined, 0),
    lastWatched: Date.now(),
  };
  s.timer = schedule(cams, videoId, s);
  cams.live.set(videoId, s);
  return 0;
}

function stop(cams: LiveCameras, data: unknown): number {
  const videoId = field(data, 'video_id');
  return typeof videoId === 'string' && stopLive(cams, videoId) ? 0 : LIVE_CODES.badParams;
}

function change(cams: LiveCameras, data: unknown, method: string): number {
  const videoId = field(data, 'video_id');
  const s = typeof videoId === 'string' ? cams.live.get(videoId) : undefined;
  if (typeof videoId !== 'string' || !s) return LIVE_CODES.badParams;
  if (method === 'live_set_quality') {
    const quality = field(data, 'video_quality');
    if (typeof quality !== 'number' || !(quality in LIVE_PROFILES)) return LIVE_CODES.badParams;
    s.quality = quality;
    clearInterval(s.timer);
    s.timer = schedule(cams, videoId, s);
    return 0;
  }
  const lens = field(data, 'video_type');
  if (lens !== 'normal' && lens !== 'wide' && lens !== 'zoom' && lens !== 'ir')
    return LIVE_CODES.badParams;
  s.lens = lens;
  return 0;
}

/** Every live service. A Map: a method named like an Object member is no key. */
const SERVICES = new Map<string, LiveHandler>(
  Object.entries({
    live_start_push: start,
    live_stop_push: stop,
    live_set_quality: change,
    live_lens_change: change,
  } satisfies Record<string, LiveHandler>),
);

/** Result of a live service, or null when `method` is not one. */
export function liveService(cams: LiveCameras, method: string, data: unknown): number | null {
  const handler = SERVICES.get(method);
  return handler ? handler(cams, data, method) : null;
}
