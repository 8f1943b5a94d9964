/**
 * The editor's waypoint actions as `wpml:action` elements (protocol §6.5) and back. Parameters keep
 * their WPML names; what the editor does not model is kept by the caller as it was read.
 */
import type { WaylineAction } from '../../../protocol/waylines.ts';
import type { PointAction } from './routeModel.ts';

/**
 * `wpml:focalLength` of a zoom action is in mm; the editor offers a zoom factor. 24 mm is the
 * 35 mm-equivalent wide focal length DJI's enterprise cameras count their zoom from.
 */
export const WIDE_FOCAL_MM = 24;

export const PAYLOAD_INDEX = { payloadPositionIndex: '0' } as const;

/** The parameters of a photo at the route's lens: every photo action writes these. */
export const PHOTO_PARAMS = { ...PAYLOAD_INDEX, useGlobalPayloadLensIndex: '1' } as const;

/** A number from a parameter's text, or `fallback` when it is absent or not a number. */
export const num = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

/** The `wpml:actionActuatorFuncParam` of an editor action. */
export function actionParams(a: PointAction): Record<string, string> {
  switch (a.kind) {
    case 'takePhoto':
    case 'startRecord':
      return { ...PHOTO_PARAMS };
    case 'stopRecord':
      return { ...PAYLOAD_INDEX };
    case 'hover':
      return { hoverTime: String(a.seconds) };
    case 'rotateYaw':
      return {
        aircraftHeading: String(a.heading),
        aircraftPathMode: a.heading < 0 ? 'counterClockwise' : 'clockwise',
      };
    case 'gimbalRotate':
      return {
        ...PAYLOAD_INDEX,
        gimbalHeadingYawBase: 'north',
        gimbalRotateMode: 'absoluteAngle',
        gimbalPitchRotateEnable: '1',
        gimbalPitchRotateAngle: String(a.pitch),
        gimbalRollRotateEnable: '0',
        gimbalRollRotateAngle: '0',
        gimbalYawRotateEnable: '0',
        gimbalYawRotateAngle: '0',
        gimbalRotateTimeEnable: '0',
        gimbalRotateTime: '0',
      };
    case 'zoom':
      return { ...PAYLOAD_INDEX, focalLength: String(Math.round(a.factor * WIDE_FOCAL_MM)) };
  }
}

/** The editor's action for a `wpml:action`, or undefined for one it does not model. */
export function fromAction(a: WaylineAction): PointAction | undefined {
  switch (a.func) {
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return { kind: a.func };
    case 'hover':
      return { kind: 'hover', seconds: num(a.params.hoverTime, 1) };
    case 'rotateYaw':
      return { kind: 'rotateYaw', heading: num(a.params.aircraftHeading, 0) };
    case 'gimbalRotate':
      return { kind: 'gimbalRotate', pitch: num(a.params.gimbalPitchRotateAngle, 0) };
    case 'zoom':
      return { kind: 'zoom', factor: num(a.params.focalLength, WIDE_FOCAL_MM) / WIDE_FOCAL_MM };
    default:
      return undefined;
  }
}
