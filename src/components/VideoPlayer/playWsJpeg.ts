import { FRAME_HEADER_BYTES } from '../../../protocol/video.ts';

declare global {
  /**
   * Set by the video benchmark (bench/video/browserVideo.ts) before the page loads; not an API for
   * the app. Hears each frame's capture time and when the frame it was drawn in began (epoch ms).
   */
  var __skydeckVideoProbe: ((capturedAt: number, paintedAt: number) => void) | undefined;
}

/** Absolute `ws(s)://` address of a stream path the server gave relative to itself. */
export function socketAddress(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${url}`;
}

/**
 * Plays a `ws-jpeg` stream into a canvas: each message is a capture time and a JPEG, decoded off the
 * main thread by `createImageBitmap`. While one frame decodes, newer ones replace the waiting one, so
 * a slow tab shows the newest picture instead of a growing backlog. Returns the stop function.
 */
export function playWsJpeg(
  url: string,
  canvas: HTMLCanvasElement,
  onFrame: (latencyMs: number) => void,
  onClosed: () => void,
): () => void {
  const ws = new WebSocket(socketAddress(url));
  ws.binaryType = 'arraybuffer';
  let stopped = false;
  let decoding = false;
  let waiting: ArrayBuffer | null = null;

  const show = async (data: ArrayBuffer): Promise<void> => {
    const capturedAt = new DataView(data).getFloat64(0, true);
    const bitmap = await createImageBitmap(
      new Blob([data.slice(FRAME_HEADER_BYTES)], { type: 'image/jpeg' }),
    );
    if (stopped) return bitmap.close();
    if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
    if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    onFrame(Date.now() - capturedAt);
    const probe = globalThis.__skydeckVideoProbe;
    // The canvas reaches the screen with the next rendered frame; only a benchmark pays for this.
    if (probe) requestAnimationFrame(() => probe(capturedAt, Date.now()));
  };
  const pump = (): void => {
    const next = waiting;
    if (decoding || !next) return;
    waiting = null;
    decoding = true;
    show(next)
      .catch(() => undefined) // a damaged frame is skipped; the next one replaces it
      .finally(() => {
        decoding = false;
        pump();
      });
  };
  ws.onmessage = (event: MessageEvent<ArrayBuffer>) => {
    waiting = event.data;
    pump();
  };
  ws.onclose = () => {
    if (!stopped) onClosed();
  };
  return () => {
    stopped = true;
    ws.close();
  };
}
