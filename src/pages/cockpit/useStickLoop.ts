import { useEffect, useState } from 'react';
import type { LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';
import { StickLoop } from '../../lib/sticks/stickLoop.ts';
import type { CockpitLink } from '../../telemetry/cockpitLink.ts';
import type { CockpitFeed } from './cockpitFeed.ts';
import { firstGamepadAxes } from './gamepad.ts';

/**
 * The page's one stick loop, sending over `link` and held back by the delay `feed` measures. New
 * `guard` thresholds apply from its next tick, and the session goes on.
 */
export function useStickLoop(
  link: CockpitLink,
  feed: CockpitFeed,
  guard: LatencyGuardConfig,
): StickLoop {
  const [sticks] = useState(
    () =>
      new StickLoop({
        send: (data) => void link.send({ method: 'stick_control', data }).catch(() => undefined),
        delayMs: (now) => feed.health.readings(now).worstMs,
        gamepadAxes: () => firstGamepadAxes(),
        config: guard,
      }),
  );
  useEffect(() => sticks.setConfig(guard), [sticks, guard]);
  return sticks;
}
