import { randomUUID } from 'node:crypto';
import type { StreamSize } from '../../protocol/video.ts';

/** One open player of a stream. */
export interface Viewer {
  size: StreamSize;
  /** Hands one frame (header + JPEG) to the player; the viewer drops it when its socket is behind. */
  deliver(frame: Buffer): void;
}

/** Who opened a stream, for the audit row of the device command it causes. */
export interface ViewerWho {
  userId: number;
  username: string;
  ip: string;
}

/** The device commands a hub sends when viewers come and go. */
export interface StreamControl {
  start(videoId: string, quality: number, who: ViewerWho): Promise<void>;
  stop(videoId: string, who: ViewerWho): Promise<void>;
  setQuality(videoId: string, quality: number, who: ViewerWho): Promise<void>;
}

/** `video_quality` asked for by the largest open tile: SD for a big tile, smooth for small ones. */
export function qualityFor(viewers: Iterable<Viewer>): number {
  for (const v of viewers) if (v.size === 'big') return 2;
  return 1;
}

interface Stream {
  viewers: Set<Viewer>;
  quality: number;
}

// Hubs by id: the push URL a simulated dock receives names its hub, which is how frames made by the
// in-process simulator find the app that asked for them (several apps share a process in tests).
const hubs = new Map<string, LiveHub>();

/** The hub a push URL (`…?hub=<id>&…`) names, if it is open in this process. */
export function hubOfPushUrl(url: string): LiveHub | undefined {
  const id = /[?&]hub=([0-9a-f-]{36})/.exec(url)?.[1];
  return id ? hubs.get(id) : undefined;
}

/**
 * Streams of one app and their viewers: the first viewer starts the device's push, the last one to
 * leave stops it, so a stream nobody watches costs nothing.
 */
export class LiveHub {
  readonly id = randomUUID();
  private readonly streams = new Map<string, Stream>();

  constructor(private readonly control: StreamControl) {
    hubs.set(this.id, this);
  }

  /** Adds a viewer; returns the function that removes it. */
  join(videoId: string, viewer: Viewer, who: ViewerWho): () => void {
    let stream = this.streams.get(videoId);
    if (!stream) {
      stream = { viewers: new Set([viewer]), quality: qualityFor([viewer]) };
      this.streams.set(videoId, stream);
      void this.control.start(videoId, stream.quality, who);
    } else {
      stream.viewers.add(viewer);
      this.requality(videoId, stream, who);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave(videoId, viewer, who);
    };
  }

  private leave(videoId: string, viewer: Viewer, who: ViewerWho): void {
    const stream = this.streams.get(videoId);
    if (!stream) return;
    stream.viewers.delete(viewer);
    if (stream.viewers.size > 0) return this.requality(videoId, stream, who);
    this.streams.delete(videoId);
    void this.control.stop(videoId, who);
  }

  private requality(videoId: string, stream: Stream, who: ViewerWho): void {
    const quality = qualityFor(stream.viewers);
    if (quality === stream.quality) return;
    stream.quality = quality;
    void this.control.setQuality(videoId, quality, who);
  }

  /** Fans one frame out to the stream's viewers; false when nobody watches it any more. */
  publish(videoId: string, frame: Buffer): boolean {
    const stream = this.streams.get(videoId);
    if (!stream) return false;
    for (const viewer of stream.viewers) viewer.deliver(frame);
    return true;
  }

  /** Open viewers per video id. */
  viewerCounts(): Map<string, number> {
    return new Map([...this.streams].map(([id, s]) => [id, s.viewers.size]));
  }

  /** Forgets the hub: producers still pushing into it see that nobody watches and stop. */
  close(): void {
    hubs.delete(this.id);
    this.streams.clear();
  }
}
