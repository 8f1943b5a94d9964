/**
 * The virtual cockpit (/drone_ctl?sn=…, full screen): the main camera with the HUD over it, a
 * mini-map, the session bar, command buttons and the emergency stop. A viewer (no `drc:control`)
 * sees everything but the controls. Without `sn` it lists the project's docks to pick from.
 */
import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DRC_PERMISSION } from '../../../protocol/drc.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { useAccountState } from '../../state/account.ts';
import { useDeviceInfo, useDeviceTelemetry } from '../../fleet/fleet.ts';
import { dockOsd } from '../../fleet/derive/fields.ts';
import { useFleetDevices } from '../../fleet/load/useFleetDevices.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import type { LatLon } from './CockpitMarkers.tsx';
import { CockpitMap } from './CockpitMap.tsx';
import { DockPicker } from './DockPicker.tsx';
import { ControlBar } from './ControlBar.tsx';
import { EmergencyStop } from './EmergencyStop.tsx';
import { FlyToPanel } from './FlyToPanel.tsx';
import { useGamepadName } from './gamepad.ts';
import { MainCamera } from './MainCamera.tsx';
import { Hud } from './Hud.tsx';
import { SessionBar } from './SessionBar.tsx';
import { useCockpitKeys } from './useCockpitKeys.ts';
import { useDockPair } from './useDockPair.ts';
import { useDrcSession } from './useDrcSession.ts';
import { useGuardSettings } from './useGuardSettings.ts';
import { useReadings } from './useReadings.ts';
import './cockpit.css';

export default function CockpitPage() {
  useTelemetryBridge();
  const { load, retry } = useFleetDevices();
  const { t } = useTranslation('cockpit');
  const [params] = useSearchParams();
  const sn = params.get('sn');
  const pair = useDockPair(sn);
  // No device named: offer the project's docks rather than a dead end.
  if (sn === null) return <DockPicker load={load} onRetry={retry} />;
  if (pair.dock === null || pair.aircraft === null) {
    // Which dock carries which aircraft is known once the device list is in: until then, say so
    // rather than claim the device has no dock.
    if (load.status === 'loading')
      return <NonIdealState icon={<Spinner />} title={t('loadingDevices')} description={sn} />;
    if (load.status === 'error')
      return (
        <NonIdealState
          icon="error"
          title={t('devicesFailed')}
          description={load.message}
          action={<Button text={t('retry')} onClick={retry} />}
        />
      );
    return <NonIdealState icon="airplane" title={t('unknownDock')} description={sn} />;
  }
  return <Cockpit dockSn={pair.dock} aircraftSn={pair.aircraft} />;
}

function Cockpit({ dockSn, aircraftSn }: { dockSn: string; aircraftSn: string }) {
  const { t } = useTranslation('cockpit');
  const canFly = usePermission(DRC_PERMISSION);
  const guard = useGuardSettings();
  const session = useDrcSession(dockSn, guard.config);
  const gamepad = useGamepadName();
  const { userInfo } = useAccountState();
  const mine = session.status?.holder?.user_id === userInfo?.id;
  const flying = session.phase === 'flying';
  const view = useSyncExternalStore(session.sticks.onView, session.sticks.view);
  const readings = useReadings(aircraftSn, dockSn, session.feed);
  const info = useDeviceInfo(aircraftSn);
  const dock = useDeviceTelemetry(dockSn);
  const [askStop, setAskStop] = useState(false);
  const [target, setTarget] = useState<LatLon | null>(null);
  const [videoMs, setVideoMs] = useState<number | null>(null);

  const stop = useCallback(() => {
    setAskStop(false);
    session.emergencyStop();
  }, [session]);
  const ask = useCallback(() => setAskStop(true), []);
  useCockpitKeys(session.sticks, flying, ask);

  const aircraft = useMemo(
    () =>
      readings.lat === null || readings.lon === null
        ? null
        : { lat: readings.lat, lon: readings.lon },
    [readings.lat, readings.lon],
  );
  const home = useMemo(
    () =>
      readings.homeLat === null || readings.homeLon === null
        ? null
        : { lat: readings.homeLat, lon: readings.homeLon },
    [readings.homeLat, readings.homeLon],
  );
  const controls = canFly && flying;
  return (
    <div
      className="dc-page"
      data-testid="cockpit"
      data-phase={session.phase}
      data-guard={view.guard.level}
      data-sending={view.sending ? 'yes' : 'no'}
    >
      <SessionBar
        title={info?.name ?? aircraftSn}
        status={session.status}
        phase={session.phase}
        mine={mine}
        canFly={canFly}
        gamepad={gamepad}
        guard={guard.settings}
        onSaveGuard={guard.save}
        onEnter={session.enter}
        onLeave={session.leave}
      />
      {session.refusal !== null && (
        <Callout intent="danger" className="dc-refusal" data-testid="drc-refusal">
          {t('refused', { reason: session.refusal })}
        </Callout>
      )}
      <main className="dc-main">
        <section className="dc-video" aria-label={t('video')}>
          <MainCamera aircraftSn={aircraftSn} onStats={(stats) => setVideoMs(stats.latencyMs)} />
          <Hud
            aircraftSn={aircraftSn}
            dockSn={dockSn}
            readings={readings}
            feed={session.feed}
            flying={flying}
            guard={view.guard.level}
            thresholds={guard.config}
            playerDelayMs={videoMs}
          />
          {controls && <div className="dc-keys">{t('keys')}</div>}
        </section>
        <aside className="dc-side">
          <CockpitMap
            sn={aircraftSn}
            aircraft={aircraft}
            heading={readings.heading}
            home={home}
            target={target}
            {...(controls ? { onPick: setTarget } : {})}
          />
          {controls && (
            <FlyToPanel
              dockSn={dockSn}
              target={target}
              height={readings.asl}
              onClear={() => setTarget(null)}
            />
          )}
        </aside>
      </main>
      {controls && (
        <footer className="dc-footer">
          <ControlBar
            dockSn={dockSn}
            origin={aircraft}
            originHeight={dockOsd(dock).num('height')}
          />
          <EmergencyStop
            confirming={askStop}
            onAsk={ask}
            onCancel={() => setAskStop(false)}
            onStop={stop}
          />
        </footer>
      )}
    </div>
  );
}
