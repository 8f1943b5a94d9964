import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CameraControls } from './useCameraControls.ts';

/** The gimbal and camera buttons: gimbal reset, photo/video mode, shutter or recording, zoom. */
export function CameraButtons({ camera }: { camera: CameraControls }) {
  const { t } = useTranslation('cockpit');
  const { videoMode, recording, zoom } = camera;
  return (
    <ButtonGroup>
      <Button icon="locate" text={t('act.gimbalReset')} onClick={() => camera.resetGimbal()} />
      <Button
        icon={videoMode ? 'camera' : 'video'}
        text={t(videoMode ? 'act.photoMode' : 'act.videoMode')}
        onClick={() => camera.switchMode()}
      />
      {videoMode ? (
        <Button
          icon={recording ? 'stop' : 'record'}
          intent={recording ? 'danger' : 'none'}
          text={t(recording ? 'act.recordStop' : 'act.recordStart')}
          onClick={() => camera.toggleRecording()}
        />
      ) : (
        <Button icon="camera" text={t('act.photo')} onClick={() => camera.takePhoto()} />
      )}
      <Button
        icon="zoom-out"
        aria-label={t('act.zoomOut')}
        onClick={() => camera.stepZoom(-1)}
        disabled={zoom === 0}
      />
      <Button
        icon="zoom-in"
        aria-label={t('act.zoomIn')}
        text={`${camera.zoomFactor}×`}
        onClick={() => camera.stepZoom(1)}
      />
    </ButtonGroup>
  );
}
