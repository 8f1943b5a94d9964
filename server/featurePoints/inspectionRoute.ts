import { randomUUID } from 'node:crypto';
import { bearing, destination, distance } from '@turf/turf';
import { FEATURE_LIMITS } from '../../protocol/featurePoints.ts';
import type { WaylineAction, WaylinePoint, WaylineRoute } from '../../protocol/waylines.ts';

/** What the route needs of a point, in flight order: the target and how the camera looks at it. */
export interface InspectionTarget {
  longitude: number;
  latitude: number;
  /** Height of the target, m above the take-off point. */
  height: number;
  /** The camera's pitch onto the target, degrees (−90 straight down). */
  gimbal_pitch: number;
  /** The direction the camera looks at the target from, degrees from north. */
  gimbal_yaw: number;
  zoom: number;
}

export interface InspectionOptions {
  /** m/s. */
  speed: number;
  /** Stamps the file, ms. */
  now: number;
  author?: string;
  /** How far from the target the aircraft stops, m along the line of sight. */
  standoff?: number;
  /** `0-type-sub_type` of the aircraft; M30T by default, the editor's default. */
  aircraft?: string;
}

/** Metres between the aircraft and its target when none is asked for: clear of a mast's guys. */
export const DEFAULT_STANDOFF_M = 30;
/** The lowest the aircraft stops, m above take-off: a target near the ground is shot from above. */
const MIN_HEIGHT_M = 5;

/** WPML version written, the one the wayline editor writes. */
const WPMZ_VERSION = '1.0.6';
/** `wpml:focalLength` is in mm; a zoom factor counts from the 24 mm-equivalent wide lens. */
const WIDE_FOCAL_MM = 24;
/** Aircraft and the camera each carries, by model key (protocol §9). */
const CAMERAS: Readonly<Record<string, number>> = {
  '0-67-0': 52,
  '0-67-1': 53,
  '0-77-0': 66,
  '0-77-1': 67,
  '0-91-0': 80,
  '0-91-1': 81,
  '0-99-0': 88,
  '0-99-1': 89,
  '0-100-0': 98,
  '0-100-1': 99,
};
const DEFAULT_AIRCRAFT = '0-67-1';
/**
 * Aircraft whose waylines take `orientedShoot` (§6.5): DJI's WPML lists it for the M30 series and
 * the docked Matrice 3D / 4 series. Others (Mavic 3 Enterprise) turn, aim and `takePhoto` instead.
 */
const ORIENTED_SHOOT: ReadonlySet<string> = new Set([
  '0-67-0',
  '0-67-1',
  '0-91-0',
  '0-91-1',
  '0-99-0',
  '0-99-1',
  '0-100-0',
  '0-100-1',
]);
const LENS = { payloadPositionIndex: '0' };
/**
 * The target box of an oriented shot, in the 960 × 720 frame WPML counts it in: the middle quarter,
 * where the aim puts the target.
 */
const TARGET_BOX = {
  focusX: '360',
  focusY: '270',
  focusRegionWidth: '240',
  focusRegionHeight: '180',
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Where the aircraft stops for a target and how it aims from there. */
export interface Standpoint {
  lng: number;
  lat: number;
  /** m above take-off. */
  height: number;
  /** Degrees from north, −180…180: the aircraft's heading and the gimbal's yaw. */
  yaw: number;
  /** Gimbal pitch onto the target, degrees. */
  pitch: number;
}

/**
 * The standpoint `standoff` metres from the target back along the camera's line of sight (yaw and
 * pitch of the point), no lower than `MIN_HEIGHT_M`; the aim is taken again from where the aircraft
 * ends up, so the camera points at the target even when the height had to be raised.
 */
export function standpoint(t: InspectionTarget, standoff: number): Standpoint {
  const down = (-t.gimbal_pitch * Math.PI) / 180;
  const back = standoff * Math.cos(down);
  const height = clamp(t.height + standoff * Math.sin(down), MIN_HEIGHT_M, 1500);
  const here: [number, number] = [t.longitude, t.latitude];
  // Straight above (or below) the target: the point's own heading, as there is no way to face it.
  if (back < 0.05)
    return { lng: t.longitude, lat: t.latitude, height, yaw: t.gimbal_yaw, pitch: -90 };
  const [lng = t.longitude, lat = t.latitude] = destination(here, back, t.gimbal_yaw + 180, {
    units: 'meters',
  }).geometry.coordinates;
  const flat = distance([lng, lat], here, { units: 'meters' });
  const pitch = (Math.atan2(t.height - height, flat) * 180) / Math.PI;
  const { min, max } = FEATURE_LIMITS.gimbal_pitch;
  return {
    lng: round(lng, 8),
    lat: round(lat, 8),
    height: round(height, 2),
    yaw: round(bearing([lng, lat], here), 1),
    pitch: round(clamp(pitch, min, max), 1),
  };
}

/** One oriented shot (`orientedShoot`): the aircraft turns, the gimbal aims, the zoom frames it. */
function orientedShoot(
  t: InspectionTarget,
  s: Standpoint,
  camera: number,
): Omit<WaylineAction, 'id'> {
  return {
    func: 'orientedShoot',
    params: {
      gimbalPitchRotateAngle: String(s.pitch),
      gimbalRollRotateAngle: '0',
      gimbalYawRotateAngle: String(s.yaw),
      ...TARGET_BOX,
      focalLength: String(Math.round(t.zoom * WIDE_FOCAL_MM)),
      aircraftHeading: String(s.yaw),
      // No reference photo of the target: the shot is aimed by angle, not matched to an image.
      accurateFrameValid: '0',
      ...LENS,
      useGlobalPayloadLensIndex: '1',
      targetAngle: '0',
      actionUUID: randomUUID(),
      orientedCameraType: String(camera),
      orientedPhotoMode: 'normalPhoto',
    },
  };
}

/** Turn, aim the gimbal, zoom, then shoot: for aircraft without oriented shots. */
function aimAndShoot(t: InspectionTarget, s: Standpoint): Omit<WaylineAction, 'id'>[] {
  return [
    {
      func: 'rotateYaw',
      params: {
        aircraftHeading: String(s.yaw),
        aircraftPathMode: s.yaw < 0 ? 'counterClockwise' : 'clockwise',
      },
    },
    {
      func: 'gimbalRotate',
      params: {
        ...LENS,
        gimbalHeadingYawBase: 'north',
        gimbalRotateMode: 'absoluteAngle',
        gimbalPitchRotateEnable: '1',
        gimbalPitchRotateAngle: String(s.pitch),
        gimbalRollRotateEnable: '0',
        gimbalRollRotateAngle: '0',
        gimbalYawRotateEnable: '1',
        gimbalYawRotateAngle: String(s.yaw),
        gimbalRotateTimeEnable: '0',
        gimbalRotateTime: '0',
      },
    },
    {
      func: 'zoom',
      params: { ...LENS, focalLength: String(Math.round(t.zoom * WIDE_FOCAL_MM)) },
    },
    { func: 'takePhoto', params: { ...LENS, useGlobalPayloadLensIndex: '1' } },
  ];
}

function waypoint(
  t: InspectionTarget,
  index: number,
  o: Required<Pick<InspectionOptions, 'speed' | 'standoff' | 'aircraft'>>,
): WaylinePoint {
  const s = standpoint(t, o.standoff);
  const actions = ORIENTED_SHOOT.has(o.aircraft)
    ? [orientedShoot(t, s, CAMERAS[o.aircraft] ?? 0)]
    : aimAndShoot(t, s);
  return {
    index,
    lng: s.lng,
    lat: s.lat,
    height: s.height,
    speed: o.speed,
    // Arrive already facing the target, turning smoothly on the way.
    headingMode: 'smoothTransition',
    headingAngle: s.yaw,
    // Stop at each point: the photo needs the aircraft still.
    turnMode: 'toPointAndStopWithDiscontinuityCurvature',
    turnDampingDist: 0,
    useStraightLine: 1,
    gimbalPitch: s.pitch,
    actionGroups: [
      {
        id: index,
        startIndex: index,
        endIndex: index,
        mode: 'sequence',
        trigger: { type: 'reachPoint' },
        actions: actions.map((a, id) => ({ ...a, id })),
      },
    ],
  };
}

/**
 * The waypoint route of an inspection: for each target, a stop `standoff` metres back along the
 * camera's line of sight, facing the target, and one shot aimed at it — `orientedShoot` where the
 * aircraft takes it, else turn, aim, zoom and `takePhoto`. Written by the same writer and checked by
 * the same reader as the wayline editor's routes.
 */
export function inspectionRoute(
  targets: readonly InspectionTarget[],
  o: InspectionOptions,
): WaylineRoute {
  const aircraft = CAMERAS[o.aircraft ?? ''] === undefined ? DEFAULT_AIRCRAFT : (o.aircraft ?? '');
  const [, type = 67, sub = 1] = aircraft.split('-').map(Number);
  const options = { speed: o.speed, standoff: o.standoff ?? DEFAULT_STANDOFF_M, aircraft };
  const points = targets.map((t, i) => waypoint(t, i, options));
  return {
    wpmzVersion: WPMZ_VERSION,
    ...(o.author !== undefined && { author: o.author }),
    createTime: o.now,
    updateTime: o.now,
    mission: {
      flyToWaylineMode: 'safely',
      finishAction: 'goHome',
      exitOnRCLost: 'executeLostAction',
      executeRCLostAction: 'goBack',
      // Climb clear of the dock's surroundings before turning towards the first point.
      takeOffSecurityHeight: 20,
      globalTransitionalSpeed: o.speed,
      droneEnumValue: type,
      droneSubEnumValue: sub,
      payloadEnumValue: CAMERAS[aircraft] ?? 0,
      payloadPositionIndex: 0,
    },
    template: {
      type: 'waypoint',
      templateId: 0,
      autoFlightSpeed: o.speed,
      heightMode: 'relativeToStartPoint',
      extra: [['wpml:globalHeight', String(points[0]?.height ?? 0)]],
    },
    paths: [
      {
        templateId: 0,
        waylineId: 0,
        autoFlightSpeed: o.speed,
        executeHeightMode: 'relativeToStartPoint',
        points,
      },
    ],
  };
}
