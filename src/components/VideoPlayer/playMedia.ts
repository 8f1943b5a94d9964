import type { StreamKind } from '../../../protocol/video.ts';

/**
 * Plays what a media server serves for real docks into a `<video>`: HLS (hls.js, or the browser's own
 * where it has one), HTTP-FLV and MPEG-TS (mpegts.js) and WebRTC by WHEP (a plain RTCPeerConnection
 * with one offer/answer POST). The libraries load only when such a stream is opened. Returns the stop
 * function.
 */
export function playMedia(
  kind: Exclude<StreamKind, 'ws-jpeg'>,
  url: string,
  video: HTMLVideoElement,
  onFailed: () => void,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const started = (fn: () => void) => {
    if (stopped) fn();
    else stop = fn;
  };
  const opened =
    kind === 'hls'
      ? playHls(url, video)
      : kind === 'whep'
        ? playWhep(url, video)
        : playTs(kind, url, video);
  opened.then(started, onFailed);
  return () => {
    stopped = true;
    stop?.();
    video.removeAttribute('src');
    video.srcObject = null;
  };
}

async function playHls(url: string, video: HTMLVideoElement): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    video.src = url; // Safari plays HLS itself
    void video.play().catch(() => undefined);
    return () => undefined;
  }
  const hls = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2 });
  hls.attachMedia(video);
  hls.loadSource(url);
  void video.play().catch(() => undefined);
  return () => hls.destroy();
}

async function playTs(kind: 'flv' | 'mpegts', url: string, video: HTMLVideoElement) {
  const { default: mpegts } = await import('mpegts.js');
  const player = mpegts.createPlayer({
    type: kind === 'flv' ? 'flv' : 'mpegts',
    isLive: true,
    url,
  });
  player.attachMediaElement(video);
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return () => {
    player.destroy();
  };
}

async function playWhep(url: string, video: HTMLVideoElement): Promise<() => void> {
  const pc = new RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.ontrack = (event) => {
    const [stream] = event.streams;
    if (stream) video.srcObject = stream;
    void video.play().catch(() => undefined);
  };
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp' },
    body: offer.sdp ?? '',
  });
  if (!response.ok) {
    pc.close();
    throw new Error(`WHEP ${String(response.status)}`);
  }
  await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  const resource = response.headers.get('location');
  return () => {
    pc.close();
    // WHEP ends a session with a DELETE of the resource the server named.
    if (resource) void fetch(new URL(resource, url), { method: 'DELETE' }).catch(() => undefined);
  };
}
