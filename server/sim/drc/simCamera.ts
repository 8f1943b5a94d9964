/** The camera and gimbal of a simulated aircraft under DRC: its mode, recording, zoom and pitch. */
import { inRange, num, SIM_DRC_CODES } from './simDrcCodes.ts';
import type { Data } from './simDrcCodes.ts';

export interface SimCamera {
  /** 0 photo, 1 video. */
  mode: number;
  recording: boolean;
  zoom: number;
  /** °, 0 level, −90 straight down. */
  gimbalPitch: number;
}

export const newCamera = (): SimCamera => ({ mode: 0, recording: false, zoom: 2, gimbalPitch: 0 });

/** One camera or gimbal service; 0 or the refusal code. */
export function cameraService(camera: SimCamera, method: string, data: Data): number {
  switch (method) {
    case 'camera_mode_switch': {
      const mode = num(data.camera_mode);
      if (mode !== 0 && mode !== 1) return SIM_DRC_CODES.badParam;
      if (camera.recording) return SIM_DRC_CODES.wrongCameraMode;
      camera.mode = mode;
      return 0;
    }
    case 'camera_photo_take':
      return camera.mode === 0 ? 0 : SIM_DRC_CODES.wrongCameraMode;
    case 'camera_recording_start':
      if (camera.mode !== 1 || camera.recording) return SIM_DRC_CODES.wrongCameraMode;
      camera.recording = true;
      return 0;
    case 'camera_recording_stop':
      if (!camera.recording) return SIM_DRC_CODES.wrongCameraMode;
      camera.recording = false;
      return 0;
    case 'camera_focal_length_set': {
      const zoom = num(data.zoom_factor);
      if (!inRange(zoom, 2, data.camera_type === 'ir' ? 20 : 200)) return SIM_DRC_CODES.badParam;
      camera.zoom = zoom;
      return 0;
    }
    default: {
      // gimbal_reset: 1 and 3 point the camera down, 0 and 2 level it.
      const mode = num(data.reset_mode);
      if (!inRange(mode, 0, 3)) return SIM_DRC_CODES.badParam;
      camera.gimbalPitch = mode === 1 || mode === 3 ? -90 : 0;
      return 0;
    }
  }
}
