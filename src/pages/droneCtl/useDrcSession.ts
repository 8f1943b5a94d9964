/**
 * A cockpit session with one dock: who holds it (polled), taking and giving back control, and while
 * this tab holds it the worker's `drc/up` feed, the 1 Hz heartbeat and the 10 Hz stick loop. Control
 * is given back when the page unmounts and, with a keep-alive request, when the tab closes.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrcStatus } from '../../../protocol/drc.ts';
import { enterDrc, exitDrc, exitDrcOnUnload, fetchDrcStatus } from '../../api/drc.ts';
import { ApiError } from '../../api/ApiError.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { clock } from '../../lib/clock.ts';
import type { LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';
import { StickLoop } from '../../lib/sticks/stickLoop.ts';
import { accountStore } from '../../state/account.ts';
import { useCockpitLink } from '../../telemetry/cockpitLink.ts';
import { CockpitFeed } from './cockpitFeed.ts';
import { estopRefusalReason } from './estopRefusal.ts';
import { firstGamepadAxes } from './gamepad.ts';

/** A second user sees a new holder within this long (ms). */
const STATUS_POLL_MS = 3_000;
/** `heart_beat` at 1 Hz (protocol §5.2); its echo measures the link. */
const HEARTBEAT_MS = 1_000;

export type SessionPhase = 'idle' | 'entering' | 'flying' | 'leaving';

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
  const { t } = useTranslation('droneCtl');
  const link = useCockpitLink();
  const feed = useMemo(() => new CockpitFeed(clock.now()), []);
  // One loop for the page: new thresholds apply from its next tick, the session goes on.
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
  const [status, setStatus] = useState<DrcStatus | null>(null);
  const [chosenPhase, setPhase] = useState<SessionPhase>('idle');
  // The server may end the session (heartbeat loss, an admin): the poll tells, the cockpit follows.
  const me = accountStore.userInfo?.id;
  const lost = chosenPhase === 'flying' && status !== null && status.holder?.user_id !== me;
  const phase: SessionPhase = lost ? 'idle' : chosenPhase;
  const [refusal, setRefusal] = useState<string | null>(null);

  const refresh = useCallback(() => {
    if (dockSn === null) return;
    fetchDrcStatus(dockSn).then(setStatus, () => undefined);
  }, [dockSn]);

  useEffect(() => {
    refresh();
    return clock.setInterval(refresh, STATUS_POLL_MS);
  }, [refresh]);

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
  }, [dockSn, refresh]);

  const leave = useCallback(() => {
    if (dockSn === null) return;
    leaving.current = true;
    setPhase('leaving');
    exitDrc(dockSn).then(
      (next) => {
        setStatus(next);
        setPhase('idle');
      },
      () => setPhase('idle'),
    );
  }, [dockSn]);

  // A refused stop leaves the aircraft flying: the pilot must hear it, with the reason, at once.
  useEffect(
    () =>
      feed.onStopRefused((result) =>
        toastError(
          t('estop.refused', {
            reason: t(`estop.reason.${estopRefusalReason(result)}`),
            code: result,
          }),
        ),
      ),
    [feed, t],
  );

  const emergencyStop = useCallback(() => {
    sticks.release();
    // The toast says the stop has left this tab; a refusal by the dock is toasted when it answers.
    link.send({ method: 'drone_emergency_stop' }).then(
      () => toastSuccess(t('estop.sent')),
      () => toastError(t('estop.notSent')),
    );
  }, [sticks, t, link]);

  return { status, phase, refusal, feed, sticks, enter, leave, emergencyStop };
}
