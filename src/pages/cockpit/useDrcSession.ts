/**
 * A cockpit session with one dock: who holds it (polled), taking and giving back control, and while
 * this tab holds it the worker's `drc/up` feed, the 1 Hz heartbeat and the 10 Hz stick loop. Control
 * is given back when the page unmounts and, with a keep-alive request, when the tab closes.
 */
import { useCallback, useMemo, useState } from 'react';
import type { DrcStatus } from '../../../protocol/drc.ts';
import { enterDrc, exitDrc } from '../../api/drc.ts';
import { ApiError } from '../../api/ApiError.ts';
import { clock } from '../../lib/clock.ts';
import type { LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';
import type { StickLoop } from '../../lib/sticks/stickLoop.ts';
import { accountStore } from '../../state/account.ts';
import { useCockpitLink } from '../../telemetry/cockpitLink.ts';
import { CockpitFeed } from './cockpitFeed.ts';
import type { SessionPhase } from './sessionPhase.ts';
import { useDrcStatus } from './useDrcStatus.ts';
import { useEmergencyStop } from './useEmergencyStop.ts';
import { useFlyingLink } from './useFlyingLink.ts';
import { useStickLoop } from './useStickLoop.ts';

export type { SessionPhase } from './sessionPhase.ts';

export interface DrcSessionView {
  status: DrcStatus | null;
  phase: SessionPhase;
  /** Why the last attempt to take control was refused, as the server said it. */
  refusal: string | null;
  feed: CockpitFeed;
  sticks: StickLoop;
  enter: () => void;
  leave: () => void;
  emergencyStop: () => void;
}

/** The session with `dockSn` (null while the dock is unknown). */
export function useDrcSession(dockSn: string | null, guard: LatencyGuardConfig): DrcSessionView {
  const link = useCockpitLink();
  const feed = useMemo(() => new CockpitFeed(clock.now()), []);
  // One loop for the page: new thresholds apply from its next tick, the session goes on.
  const sticks = useStickLoop(link, feed, guard);
  const { status, setStatus, refresh } = useDrcStatus(dockSn);
  const [chosenPhase, setPhase] = useState<SessionPhase>('idle');
  // The server may end the session (heartbeat loss, an admin): the poll tells, the cockpit follows.
  const me = accountStore.userInfo?.id;
  const lost = chosenPhase === 'flying' && status !== null && status.holder?.user_id !== me;
  const phase: SessionPhase = lost ? 'idle' : chosenPhase;
  const [refusal, setRefusal] = useState<string | null>(null);

  // While flying: the feed, heartbeats and sticks; leaving the page gives control back.
  const leavingRef = useFlyingLink(phase, dockSn, feed, sticks, link);

  const enter = useCallback(() => {
    const workspace = accountStore.workspace;
    if (dockSn === null || workspace === null) return;
    setPhase('entering');
    setRefusal(null);
    enterDrc(workspace.id, dockSn).then(
      (session) => {
        setStatus({
          dock_sn: session.dock_sn,
          aircraft_sn: session.aircraft_sn,
          holder: session.holder,
          since: session.since,
          expires_at: session.expires_at,
          in_drc: true,
        });
        setPhase('flying');
      },
      (error: unknown) => {
        setRefusal(error instanceof ApiError ? error.message : String(error));
        setPhase('idle');
        refresh();
      },
    );
  }, [dockSn, refresh, setStatus]);

  const leave = useCallback(() => {
    if (dockSn === null) return;
    leavingRef.current = true;
    setPhase('leaving');
    exitDrc(dockSn).then(
      (next) => {
        setStatus(next);
        setPhase('idle');
      },
      () => setPhase('idle'),
    );
  }, [dockSn, leavingRef, setStatus]);

  const emergencyStop = useEmergencyStop(feed, sticks, link);

  return { status, phase, refusal, feed, sticks, enter, leave, emergencyStop };
}
