/** The cockpit's command buttons: take-off, return home, route pause/resume, gimbal and camera. */
import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CameraButtons } from './CameraButtons.tsx';
import { FlightButtons } from './FlightButtons.tsx';
import { TakeoffDialog } from './TakeoffDialog.tsx';
import { useControlBarController } from './useControlBarController.ts';
import type { LatLon } from './CockpitMarkers.tsx';

interface Props {
  dockSn: string;
  /** Where a take-off climbs from: the aircraft (in its dock), and the dock's ellipsoid height. */
  origin: LatLon | null;
  originHeight: number | null;
}

export function ControlBar({ dockSn, origin, originHeight }: Props) {
  const { t } = useTranslation('cockpit');
  const controller = useControlBarController(dockSn, origin, originHeight);
  const { busy, takeoff, setTakeoff, askRth, setAskRth } = controller;

  return (
    <div className="dc-controls" data-testid="cockpit-controls">
      <FlightButtons controller={controller} canTakeOff={origin !== null} />
      <CameraButtons camera={controller.camera} />
      <TakeoffDialog
        isOpen={takeoff}
        busy={busy === 'takeoff_to_point'}
        onClose={() => setTakeoff(false)}
        onConfirm={controller.doTakeoff}
      />
      <Alert
        isOpen={askRth}
        intent="warning"
        icon="home"
        canEscapeKeyCancel
        cancelButtonText={t('act.cancel')}
        confirmButtonText={t('act.rth')}
        onCancel={() => setAskRth(false)}
        onConfirm={controller.returnHome}
      >
        <p>{t('act.rthConfirm')}</p>
      </Alert>
    </div>
  );
}
