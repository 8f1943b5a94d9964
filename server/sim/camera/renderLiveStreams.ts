import type { Canvas } from '@napi-rs/canvas';
import { FRAME_HEADER_BYTES } from '../../../protocol/video.ts';
import type { LensType } from '../../../protocol/video.ts';
import { hubOfPushUrl } from '../../video/LiveHub.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import { renderAerialView } from './renderAerialView.ts';
import { renderHash } from './renderHash.ts';

/**
 * Live codes of protocol §7 (module 13, dock side 513xxx): already streaming, protocol unsupported,
 * bad parameters.
 */
export const LIVE_CODES = { alreadyLive: 513003, unsupported: 513013, badParams: 513014 } as const;

/** Frame size and rate per `video_quality`, scaled down from §7's so 16 streams fit a small server. */
const PROFILES: Record<number, { width: number; height: number; fps: number }> = {
  0: { width: 320, height: 180, fps: 5 },
  1: { width: 320, height: 180, fps: 5 },
  2: { width: 640, height: 360, fps: 10 },
  3: { width: 960, height: 540, fps: 10 },
  4: { width: 1280, height: 720, fps: 10 },
};
const JPEG_QUALITY = 70;
/** A stream whose hub has nobody watching for this long stops itself, as if the push had dropped, ms. */
const ORPHAN_MS = 15_000;
/** Zoom lens: the same ground seen as from this many times higher up is the wider lens's inverse. */
const ZOOM_FACTOR = 4;
/** The dock's camera sits on a mast over the site, m: high enough to see past the nearest roof. */
const DOCK_CAMERA_M = 20;

interface Live {
  url: string;
  quality: number;
  lens: LensType;
  timer: NodeJS.Timeout;
  lastWatched: number;
}

export interface LiveStreamsDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
}

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;

function toIr(canvas: Canvas): void {
  // An infrared look: grey scale with a warm tint, drawn over the frame rather than per pixel.
  const ctx = canvas.getContext('2d');
  ctx.globalCompositeOperation = 'saturation';
  ctx.fillStyle = '#808080';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = '#ffd9b0';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.globalCompositeOperation = 'source-over';
}

/** The cameras of one simulated unit: its aircraft's main camera and the dock's own camera. */
export function renderLiveStreams(deps: LiveStreamsDeps) {
  const live = new Map<string, Live>();
  const aircraftSn = deps.def.aircraft.sn;
  const dockSn = deps.def.dock.sn;
  // The dock's camera looks out over the pad in a fixed direction of its own.
  const dockYaw = Math.round(renderHash(deps.def.index, 0, 41) * 360) - 180;

  function frame(videoId: string, s: Live): Buffer {
    const profile = PROFILES[s.quality] ?? PROFILES[2];
    const p = profile ?? { width: 640, height: 360, fps: 10 };
    const st = deps.state();
    const isDock = videoId.startsWith(`${dockSn}/`);
    const zoom = s.lens === 'zoom' ? ZOOM_FACTOR : 1;
    const time = deps.now();
    const heightM = isDock ? DOCK_CAMERA_M : Math.max(0, st.elevation);
    const canvas = renderAerialView({
      lat: isDock ? deps.def.home.lat : st.pos.lat,
      lon: isDock ? deps.def.home.lng : st.pos.lng,
      heightM: heightM * zoom,
      yawDeg: isDock ? dockYaw : st.heading,
      pitchDeg: isDock ? -25 : -90,
      time,
      label: `${isDock ? dockSn : aircraftSn} · ${s.lens} · ${String(p.width)}×${String(p.height)} @${String(p.fps)} fps`,
      width: p.width,
      height: p.height,
    });
    if (s.lens === 'ir') toIr(canvas);
    const jpeg = canvas.encodeSync('jpeg', JPEG_QUALITY);
    const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + jpeg.length);
    out.writeDoubleLE(time, 0);
    jpeg.copy(out, FRAME_HEADER_BYTES);
    return out;
  }

  function schedule(videoId: string, s: Live): NodeJS.Timeout {
    const fps = PROFILES[s.quality]?.fps ?? 10;
    const timer = setInterval(() => {
      const hub = hubOfPushUrl(s.url);
      const watched = hub?.publish(videoId, frame(videoId, s)) ?? false;
      const now = Date.now();
      if (watched) s.lastWatched = now;
      else if (now - s.lastWatched > ORPHAN_MS) stop(videoId);
    }, 1000 / fps);
    // A camera never keeps the process alive on its own.
    timer.unref();
    return timer;
  }

  function stop(videoId: string): boolean {
    const s = live.get(videoId);
    if (!s) return false;
    clearInterval(s.timer);
    live.delete(videoId);
    return true;
  }

  function ownsVideo(videoId: string): boolean {
    const [sn, camera, index] = videoId.split('/');
    return (sn === aircraftSn || sn === dockSn) && Boolean(camera) && Boolean(index);
  }

  function start(data: unknown): number {
    const videoId = field(data, 'video_id');
    const url = field(data, 'url');
    const urlType = field(data, 'url_type');
    const quality = field(data, 'video_quality');
    if (typeof videoId !== 'string' || typeof url !== 'string' || !ownsVideo(videoId))
      return LIVE_CODES.badParams;
    if (urlType !== 1 && urlType !== 3 && urlType !== 4) return LIVE_CODES.unsupported;
    if (live.has(videoId)) return LIVE_CODES.alreadyLive;
    const s: Live = {
      url,
      quality: typeof quality === 'number' && quality in PROFILES ? quality : 0,
      lens: 'normal',
      timer: setTimeout(() => undefined, 0),
      lastWatched: Date.now(),
    };
    s.timer = schedule(videoId, s);
    live.set(videoId, s);
    return 0;
  }

  function change(method: string, data: unknown): number {
    const videoId = field(data, 'video_id');
    const s = typeof videoId === 'string' ? live.get(videoId) : undefined;
    if (typeof videoId !== 'string' || !s) return LIVE_CODES.badParams;
    if (method === 'live_set_quality') {
      const quality = field(data, 'video_quality');
      if (typeof quality !== 'number' || !(quality in PROFILES)) return LIVE_CODES.badParams;
      s.quality = quality;
      clearInterval(s.timer);
      s.timer = schedule(videoId, s);
      return 0;
    }
    const lens = field(data, 'video_type');
    if (lens !== 'normal' && lens !== 'wide' && lens !== 'zoom' && lens !== 'ir')
      return LIVE_CODES.badParams;
    s.lens = lens;
    return 0;
  }

  return {
    /** Result of a live service, or null when `method` is not one. */
    service(method: string, data: unknown): number | null {
      switch (method) {
        case 'live_start_push':
          return start(data);
        case 'live_stop_push': {
          const videoId = field(data, 'video_id');
          return typeof videoId === 'string' && stop(videoId) ? 0 : LIVE_CODES.badParams;
        }
        case 'live_set_quality':
        case 'live_lens_change':
          return change(method, data);
        default:
          return null;
      }
    },
    /** Streams this unit is pushing now. */
    active: (): string[] => [...live.keys()],
    stopAll(): void {
      for (const id of [...live.keys()]) stop(id);
    },
  };
}
