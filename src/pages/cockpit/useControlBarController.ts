import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLon } from './CockpitMarkers.tsx';
import type { TakeoffChoice } from './TakeoffDialog.tsx';
import { useCameraControls, type CameraControls } from './useCameraControls.ts';
import { useCommand } from './useCommand.ts';

/** The route services that take no data, sent as they are. */
type SimpleMethod = 'return_home_cancel' | 'flighttask_pause' | 'flighttask_recovery';

export interface ControlBarController {
  /** The service under way, if any (its button spins). */
  busy: string | null;
  /** The take-off dialog is open. */
  takeoff: boolean;
  setTakeoff: (open: boolean) => void;
  /** The return-home confirmation is open. */
  askRth: boolean;
  setAskRth: (open: boolean) => void;
  doTakeoff: (choice: TakeoffChoice) => void;
  /** Sends a route service that takes no data; `label` names it in the toast. */
  simple: (method: SimpleMethod, label: string) => void;
  /** The confirmed return home: closes the question and sends the service. */
  returnHome: () => void;
  camera: CameraControls;
}

/**
 * The cockpit buttons' state and services without their looks: take-off from `origin` (climbing
 * from `originHeight`), return home once confirmed, the route's pause and resume, and the camera's.
 */
export function useControlBarController(
  dockSn: string,
  origin: LatLon | null,
  originHeight: number | null,
): ControlBarController {
  const { t } = useTranslation('cockpit');
  const { busy, run } = useCommand();
  const [takeoff, setTakeoff] = useState(false);
  const [askRth, setAskRth] = useState(false);
  const camera = useCameraControls(dockSn, run);

  const doTakeoff = ({ height, rthAltitude }: TakeoffChoice): void => {
    if (origin === null) return;
    // The dock answers once the climb is under way; the toast reports it, the dialog need not wait.
    setTakeoff(false);
    void run(
      {
        dock_sn: dockSn,
        method: 'takeoff_to_point',
        data: {
          target_latitude: origin.lat,
          target_longitude: origin.lon,
          target_height: Math.max(2, (originHeight ?? 0) + height),
          security_takeoff_height: height,
          rth_altitude: rthAltitude,
          rc_lost_action: 2,
        },
      },
      t('act.takeoff'),
    );
  };
  const simple = (method: SimpleMethod, label: string): void =>
    void run({ dock_sn: dockSn, method, data: {} }, label);
  const returnHome = (): void => {
    setAskRth(false);
    void run({ dock_sn: dockSn, method: 'return_home', data: {} }, t('act.rth'));
  };

  return { busy, takeoff, setTakeoff, askRth, setAskRth, doTakeoff, simple, returnHome, camera };
}
