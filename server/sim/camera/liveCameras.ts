import type { LensType } from '../../../protocol/video.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import { renderHash } from './renderHash.ts';

/** Frame size and rate per `video_quality`, scaled down from §7's so 16 streams fit a small server. */
export const LIVE_PROFILES: Record<number, { width: number; height: number; fps: number }> = {
  0: { width: 320, height: 180, fps: 5 },
  1: { width: 320, height: 180, fps: 5 },
  2: { width: 640, height: 360, fps: 10 },
  3: { width: 960, height: 540, fps: 10 },
  4: { width: 1280, height: 720, fps: 10 },
};

/** One stream a simulated camera pushes. */
export interface Live {
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

/** The cameras of one simulated unit and the streams they push, shared by the live modules. */
export interface LiveCameras {
  readonly deps: LiveStreamsDeps;
  /** Streams by `video_id`. */
  readonly live: Map<string, Live>;
  readonly aircraftSn: string;
  readonly dockSn: string;
  /** The dock camera's fixed heading, degrees. */
  readonly dockYaw: number;
}

/** The cameras of a unit, pushing nothing yet. */
export function liveCameras(deps: LiveStreamsDeps): LiveCameras {
  return {
    deps,
    live: new Map<string, Live>(),
    aircraftSn: deps.def.aircraft.sn,
    dockSn: deps.def.dock.sn,
    // The dock's camera looks out over the pad in a fixed direction of its own.
    dockYaw: Math.round(renderHash(deps.def.index, 0, 41) * 360) - 180,
  };
}
