/**
 * Live video contract: what `/api/liveInfo` answers, and the frame format of the embedded `ws-jpeg`
 * transport. Imported by console and server; imports nothing of theirs.
 */

/** How a stream URL is played: our JPEG-over-WebSocket, or what a media server in front of real docks serves. */
export type StreamKind = 'ws-jpeg' | 'whep' | 'hls' | 'flv' | 'mpegts';

export const STREAM_KINDS: readonly StreamKind[] = ['ws-jpeg', 'whep', 'hls', 'flv', 'mpegts'];

/** One camera stream of a device, as `/api/liveInfo` lists it. */
export interface LiveStream {
  /** `{sn}/{camera_index}/{video_index}` (protocol §7). */
  video_id: string;
  device_sn: string;
  name: string;
  /** 0 aircraft, 3 dock (the device's domain). */
  domain: number;
  /** The aircraft's dock, or null for a dock. */
  gateway_sn: string | null;
  online: boolean;
  kind: StreamKind;
  /** For `ws-jpeg` a signed link valid for a few minutes: fetch `/api/liveInfo` again to reopen later. */
  url: string;
}

/** What a tile asks of the embedded stream: the big tile gets more pixels and frames than a small one. */
export type StreamSize = 'big' | 'small';

/**
 * Each `ws-jpeg` binary message: 8 bytes capture time (epoch ms, float64 little-endian), then one
 * JPEG. The player subtracts the capture time from its clock to measure latency.
 */
export const FRAME_HEADER_BYTES = 8;

/** Lens types of `live_lens_change` on docks (protocol §7). */
export type LensType = 'normal' | 'wide' | 'zoom' | 'ir';

export const VIDEO_API = {
  /** WebSocket of one `ws-jpeg` stream; the signed query comes from `/api/liveInfo`. */
  socket: '/api/video/ws',
  /** Live viewers per stream (tests, bench). */
  viewers: '/api/video/viewers',
  /** Lens switch of a stream (the cockpit). */
  lens: '/api/video/lens',
  /** The video wall's layout of the signed-in user. */
  layout: '/api/video/layout',
} as const;

/** The wall's saved layout: tile count and the video ids in tile order (null: empty tile). */
export interface VideoLayout {
  size: 1 | 4 | 9 | 16;
  tiles: (string | null)[];
}
