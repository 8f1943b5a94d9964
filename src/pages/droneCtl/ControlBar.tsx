/** The cockpit's command buttons: take-off, return home, route pause/resume, gimbal and camera. */
import { Alert, Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TakeoffDialog, type TakeoffChoice } from './TakeoffDialog.tsx';
import { useCommand } from './useCommand.ts';
import type { LatLon } from './CockpitMarkers.tsx';

interface Props {
  dockSn: string;
  /** Where a take-off climbs from: the aircraft (in its dock), and the dock's ellipsoid height. */
  origin: LatLon | null;
  originHeight: number | null;
}

/** Zoom factors the buttons step through (2–200 visible, protocol §5.5). */
const ZOOMS = [2, 4, 8, 16, 32, 56, 112, 200];

export function ControlBar({ dockSn, origin, originHeight }: Props) {
  const { t } = useTranslation('droneCtl');
  const { busy, run } = useCommand();
  const [takeoff, setTakeoff] = useState(false);
  const [askRth, setAskRth] = useState(false);
  const [videoMode, setVideoMode] = useState(false);
  const [recording, setRecording] = useState(false);
  const [zoom, setZoom] = useState(0);

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
  const simple = (
    method: 'return_home_cancel' | 'flighttask_pause' | 'flighttask_recovery',
    label: string,
  ) => void run({ dock_sn: dockSn, method, data: {} }, label);
  const stepZoom = (delta: number): void => {
    const next = Math.max(0, Math.min(ZOOMS.length - 1, zoom + delta));
    const factor = ZOOMS[next] ?? 2;
    void run(
      {
        dock_sn: dockSn,
        method: 'camera_focal_length_set',
        data: { camera_type: 'zoom', zoom_factor: factor },
      },
      t('act.zoom', { z: factor }),
    ).then((ok) => ok && setZoom(next));
  };

  return (
    <div className="dc-controls" data-testid="cockpit-controls">
      <ButtonGroup>
        <Button
          icon="airplane"
          intent="primary"
          text={t('act.takeoff')}
          data-testid="act-takeoff"
          onClick={() => setTakeoff(true)}
          disabled={origin === null}
        />
        <Button
          icon="home"
          text={t('act.rth')}
          data-testid="act-rth"
          onClick={() => setAskRth(true)}
          loading={busy === 'return_home'}
        />
        <Button
          icon="undo"
          text={t('act.rthCancel')}
          data-testid="act-rth-cancel"
          onClick={() => simple('return_home_cancel', t('act.rthCancel'))}
        />
        <Button
          icon="pause"
          text={t('act.pause')}
          onClick={() => simple('flighttask_pause', t('act.pause'))}
        />
        <Button
          icon="play"
          text={t('act.resume')}
          onClick={() => simple('flighttask_recovery', t('act.resume'))}
        />
      </ButtonGroup>
      <ButtonGroup>
        <Button
          icon="locate"
          text={t('act.gimbalReset')}
          onClick={() =>
            void run(
              { dock_sn: dockSn, method: 'gimbal_reset', data: { reset_mode: 0 } },
              t('act.gimbalReset'),
            )
          }
        />
        <Button
          icon={videoMode ? 'camera' : 'video'}
          text={t(videoMode ? 'act.photoMode' : 'act.videoMode')}
          onClick={() => {
            const mode = videoMode ? 0 : 1;
            const label = t(videoMode ? 'act.photoMode' : 'act.videoMode');
            void run(
              { dock_sn: dockSn, method: 'camera_mode_switch', data: { camera_mode: mode } },
              label,
            ).then((ok) => ok && setVideoMode(!videoMode));
          }}
        />
        {videoMode ? (
          <Button
            icon={recording ? 'stop' : 'record'}
            intent={recording ? 'danger' : 'none'}
            text={t(recording ? 'act.recordStop' : 'act.recordStart')}
            onClick={() => {
              const method = recording ? 'camera_recording_stop' : 'camera_recording_start';
              const label = t(recording ? 'act.recordStop' : 'act.recordStart');
              void run({ dock_sn: dockSn, method, data: {} }, label).then(
                (ok) => ok && setRecording(!recording),
              );
            }}
          />
        ) : (
          <Button
            icon="camera"
            text={t('act.photo')}
            onClick={() =>
              void run({ dock_sn: dockSn, method: 'camera_photo_take', data: {} }, t('act.photo'))
            }
          />
        )}
        <Button
          icon="zoom-out"
          aria-label={t('act.zoomOut')}
          onClick={() => stepZoom(-1)}
          disabled={zoom === 0}
        />
        <Button
          icon="zoom-in"
          aria-label={t('act.zoomIn')}
          text={`${ZOOMS[zoom] ?? 2}×`}
          onClick={() => stepZoom(1)}
        />
      </ButtonGroup>
      <TakeoffDialog
        isOpen={takeoff}
        busy={busy === 'takeoff_to_point'}
        onClose={() => setTakeoff(false)}
        onConfirm={doTakeoff}
      />
      <Alert
        isOpen={askRth}
        intent="warning"
        icon="home"
        canEscapeKeyCancel
        cancelButtonText={t('act.cancel')}
        confirmButtonText={t('act.rth')}
        onCancel={() => setAskRth(false)}
        onConfirm={() => {
          setAskRth(false);
          void run({ dock_sn: dockSn, method: 'return_home', data: {} }, t('act.rth'));
        }}
      >
        <p>{t('act.rthConfirm')}</p>
      </Alert>
    </div>
  );
}
