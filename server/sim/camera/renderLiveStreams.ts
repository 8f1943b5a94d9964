/**
 * The live video of a simulated unit: the frames its cameras render (`renderLiveFrame`) and the
 * services that start, stop and change its streams (`liveServices`).
 */
import { liveCameras } from './liveCameras.ts';
import type { LiveStreamsDeps } from './liveCameras.ts';
import { liveService, stopLive } from './liveServices.ts';

export { LIVE_CODES } from './liveServices.ts';
export type { LiveStreamsDeps } from './liveCameras.ts';

/** The cameras of one simulated unit: its aircraft's main camera and the dock's own camera. */
export function renderLiveStreams(deps: LiveStreamsDeps) {
  const cams = liveCameras(deps);
  return {
    /** Result of a live service, or null when `method` is not one. */
    service(method: string, data: unknown): number | null {
      return liveService(cams, method, data);
    },
    /** Streams this unit is pushing now. */
    active: (): string[] => [...cams.live.keys()],
    stopAll(): void {
      for (const id of [...cams.live.keys()]) stopLive(cams, id);
    },
  };
}
