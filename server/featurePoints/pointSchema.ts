import { z } from 'zod';
import { DEFAULT_FEATURE_RADIUS, FEATURE_LIMITS } from '../../protocol/featurePoints.ts';

const ranged = (r: { min: number; max: number }) => z.number().min(r.min).max(r.max);
/** A class name as detectors report them: letters, digits, dot, dash and underscore. */
const className = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._-]{1,64}$/u);

/**
 * The fields of a feature point, the same for the editor's calls and every imported row, so an
 * import refuses exactly what the form would.
 */
export const pointFields = {
  name: z.string().trim().min(1).max(100),
  category: z.string().trim().max(60).default(''),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  height: ranged(FEATURE_LIMITS.height),
  gimbal_pitch: ranged(FEATURE_LIMITS.gimbal_pitch).default(-45),
  gimbal_yaw: ranged(FEATURE_LIMITS.gimbal_yaw).default(0),
  zoom: ranged(FEATURE_LIMITS.zoom).default(1),
  radius: ranged(FEATURE_LIMITS.radius).default(DEFAULT_FEATURE_RADIUS),
  classes: z.array(className).max(50).default([]),
  notes: z.string().max(2000).default(''),
};

export const pointInput = z.object(pointFields);
export type PointInput = z.infer<typeof pointInput>;
