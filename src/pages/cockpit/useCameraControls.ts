import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrcCommandInput } from '../../../protocol/drc.ts';

/** Zoom factors the buttons step through (2–200 visible, protocol §5.5). */
const ZOOMS = [2, 4, 8, 16, 32, 56, 112, 200];

export interface CameraControls {
  videoMode: boolean;
  recording: boolean;
  /** Index into the zoom steps; 0 is the widest. */
  zoom: number;
  /** The zoom factor the camera is at, shown on the zoom-in button. */
  zoomFactor: number;
  stepZoom: (delta: number) => void;
  resetGimbal: () => void;
  switchMode: () => void;
  toggleRecording: () => void;
  takePhoto: () => void;
}

/**
 * The gimbal and camera buttons' services, and the camera's mode, recording and zoom as the dock
 * last confirmed them (a refused service leaves them as they were).
 */
export function useCameraControls(
  dockSn: string,
  run: (input: DrcCommandInput, label: string) => Promise<boolean>,
): CameraControls {
  const { t } = useTranslation('cockpit');
  const [videoMode, setVideoMode] = useState(false);
  const [recording, setRecording] = useState(false);
  const [zoom, setZoom] = useState(0);

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
  const resetGimbal = (): void =>
    void run(
      { dock_sn: dockSn, method: 'gimbal_reset', data: { reset_mode: 0 } },
      t('act.gimbalReset'),
    );
  const switchMode = (): void => {
    const mode = videoMode ? 0 : 1;
    const label = t(videoMode ? 'act.photoMode' : 'act.videoMode');
    void run(
      { dock_sn: dockSn, method: 'camera_mode_switch', data: { camera_mode: mode } },
      label,
    ).then((ok) => ok && setVideoMode(!videoMode));
  };
  const toggleRecording = (): void => {
    const method = recording ? 'camera_recording_stop' : 'camera_recording_start';
    const label = t(recording ? 'act.recordStop' : 'act.recordStart');
    void run({ dock_sn: dockSn, method, data: {} }, label).then(
      (ok) => ok && setRecording(!recording),
    );
  };
  const takePhoto = (): void =>
    void run({ dock_sn: dockSn, method: 'camera_photo_take', data: {} }, t('act.photo'));

  return {
    videoMode,
    recording,
    zoom,
    zoomFactor: ZOOMS[zoom] ?? 2,
    stepZoom,
    resetGimbal,
    switchMode,
    toggleRecording,
    takePhoto,
  };
}
