import { useEffect, useRef } from 'react';
import type { StreamKind, StreamSize } from '../../../protocol/video.ts';
import { playMedia } from './playMedia.ts';
import { statsMeter } from './playerStats.ts';
import type { PlayerStats } from './playerStats.ts';
import { playWsJpeg } from './playWsJpeg.ts';
import { useDocumentVisible } from './useDocumentVisible.ts';
import './videoPlayer.css';

export type { PlayerStats } from './playerStats.ts';

export interface VideoPlayerProps {
  url: string;
  kind: StreamKind;
  muted?: boolean;
  /** For `ws-jpeg`: a big tile asks the server for more pixels and frames. */
  size?: StreamSize;
  onStats?: (stats: PlayerStats) => void;
  /** The stream ended or could not start (e.g. an expired link): the owner may fetch a new URL. */
  onEnded?: () => void;
  className?: string;
}

/**
 * Plays one live stream by its kind: the embedded JPEG-over-WebSocket on a canvas, or HLS, FLV/TS and
 * WHEP in a `<video>`. Playback stops on unmount and while the tab is hidden.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const visible = useDocumentVisible();
  const canvas = useRef<HTMLCanvasElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // Callbacks change identity on every render of the owner; the stream must not restart for that.
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const { url, kind, size } = props;

  useEffect(() => {
    if (!visible) return;
    const meter = statsMeter((s) => callbacks.current.onStats?.(s));
    const ended = () => callbacks.current.onEnded?.();
    if (kind === 'ws-jpeg') {
      if (!canvas.current) return;
      const sized = size ? `${url}${url.includes('?') ? '&' : '?'}size=${size}` : url;
      return playWsJpeg(sized, canvas.current, meter, ended);
    }
    const el = video.current;
    if (!el) return;
    const stop = playMedia(kind, url, el, ended);
    return countFrames(el, meter, stop);
  }, [url, kind, size, visible]);

  const className = `sd-video-player ${props.className ?? ''}`;
  return kind === 'ws-jpeg' ? (
    <canvas ref={canvas} className={className} data-testid="video-canvas" />
  ) : (
    <video
      ref={video}
      className={className}
      muted={props.muted ?? true}
      autoPlay
      playsInline
      data-testid="video-element"
    />
  );
}

/** Counts shown frames of a `<video>` where the browser tells (requestVideoFrameCallback). */
function countFrames(
  el: HTMLVideoElement,
  meter: (latencyMs: number | null) => void,
  stop: () => void,
): () => void {
  let handle = 0;
  const supported = 'requestVideoFrameCallback' in el;
  const onFrame = () => {
    meter(null);
    handle = el.requestVideoFrameCallback(onFrame);
  };
  if (supported) handle = el.requestVideoFrameCallback(onFrame);
  return () => {
    if (supported) el.cancelVideoFrameCallback(handle);
    stop();
  };
}
