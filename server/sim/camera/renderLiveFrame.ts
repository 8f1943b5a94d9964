import type { Canvas } from '@napi-rs/canvas';
import { FRAME_HEADER_BYTES } from '../../../protocol/video.ts';
import { LIVE_PROFILES } from './liveCameras.ts';
import type { Live, LiveCameras } from './liveCameras.ts';
import { renderAerialView } from './renderAerialView.ts';

const JPEG_QUALITY = 70;
/** Zoom lens: the same ground seen as from this many times higher up is the wider lens's inverse. */
const ZOOM_FACTOR = 4;
/** The dock's camera sits on a mast over the site, m: high enough to see past the nearest roof. */
const DOCK_CAMERA_M = 20;

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

/**
 * The next frame of a stream as the live hub takes it: what the aircraft's camera sees straight
 * down, or the dock's mast camera over the pad, with the frame's time in front of the JPEG.
 */
export function renderLiveFrame(cams: LiveCameras, videoId: string, s: Live): Buffer {
  const { deps } = cams;
  const profile = LIVE_PROFILES[s.quality] ?? LIVE_PROFILES[2];
  const p = profile ?? { width: 640, height: 360, fps: 10 };
  const st = deps.state();
  const isDock = videoId.startsWith(`${cams.dockSn}/`);
  const zoom = s.lens === 'zoom' ? ZOOM_FACTOR : 1;
  const time = deps.now();
  const heightM = isDock ? DOCK_CAMERA_M : Math.max(0, st.elevation);
  const canvas = renderAerialView({
    lat: isDock ? deps.def.home.lat : st.pos.lat,
    lon: isDock ? deps.def.home.lng : st.pos.lng,
    heightM: heightM * zoom,
    yawDeg: isDock ? cams.dockYaw : st.heading,
    pitchDeg: isDock ? -25 : -90,
    time,
    label: `${isDock ? cams.dockSn : cams.aircraftSn} · ${s.lens} · ${String(p.width)}×${String(p.height)} @${String(p.fps)} fps`,
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
