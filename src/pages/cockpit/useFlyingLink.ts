import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { exitDrc, exitDrcOnUnload } from '../../api/drc.ts';
import { clock } from '../../lib/clock.ts';
import type { StickLoop } from '../../lib/sticks/stickLoop.ts';
import type { CockpitLink } from '../../telemetry/cockpitLink.ts';
import type { CockpitFeed } from './cockpitFeed.ts';
import type { SessionPhase } from './sessionPhase.ts';

/** `heart_beat` at 1 Hz (protocol §5.2); its echo measures the link. */
const HEARTBEAT_MS = 1_000;

/**
 * What runs while this tab flies `dockSn`: the worker's `drc/up` feed, the heartbeat and the stick
 * loop, and giving control back when the page goes (unmount, or a closing tab). The returned flag
 * is set by the pilot's own exit, which then needs no second one on unmount.
 */
export function useFlyingLink(
  phase: SessionPhase,
  dockSn: string | null,
  feed: CockpitFeed,
  sticks: StickLoop,
  link: CockpitLink,
): RefObject<boolean> {
  // While flying: the worker's feed, heartbeats, sticks; all stop with the session.
  useEffect(() => {
    if (phase !== 'flying' || dockSn === null) return;
    feed.reset(clock.now());
    link.open(dockSn, (delivery) => feed.take(delivery));
    const beat = (): void => {
      link.send({ method: 'heart_beat' }).then(
        ({ timestamp }) => feed.health.sent(timestamp),
        () => undefined,
      );
    };
    beat();
    const stopBeat = clock.setInterval(beat, HEARTBEAT_MS);
    sticks.start();
    const onHide = (): void => exitDrcOnUnload(dockSn);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      sticks.stop();
      stopBeat();
      link.close();
    };
  }, [phase, dockSn, feed, sticks, link]);

  // Leaving the page gives control back (the button's own exit needs no second one).
  const leaving = useRef(false);
  useEffect(() => {
    if (phase !== 'flying' || dockSn === null) return;
    leaving.current = false;
    return () => {
      if (!leaving.current) void exitDrc(dockSn, true).catch(() => undefined);
    };
  }, [phase, dockSn]);
  return leaving;
}
