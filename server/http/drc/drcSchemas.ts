/** Request bodies of the DRC routes (protocol/drc.ts), so the OpenAPI fuzz test covers them. */
import { z } from 'zod';
import { id } from '../schemas.ts';

export const dockSn = z.string().regex(/^[A-Za-z0-9]{1,64}$/);
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const payloadIndex = z
  .string()
  .regex(/^\d{1,3}-\d{1,3}-\d{1,3}$/)
  .optional();
const none = z.object({}).strict();
const point = z.object({ latitude: lat, longitude: lng, height: z.number().min(2).max(10_000) });

export const enterBody = z.object({ workspace_id: id, dock_sn: dockSn });
export const exitBody = z.object({ dock_sn: dockSn });
export const statusQuery = z.object({ dock_sn: dockSn });
export const delayBody = z.object({
  dock_sn: dockSn,
  extra_ms: z.number().int().min(0).max(10_000),
});

const cmd = <M extends string, D extends z.ZodType>(method: M, data: D) =>
  z.object({ dock_sn: dockSn, method: z.literal(method), data });

/** One cockpit command; `data` follows protocol §5.5 ranges. */
export const commandBody = z.discriminatedUnion('method', [
  cmd(
    'takeoff_to_point',
    z.object({
      target_latitude: lat,
      target_longitude: lng,
      target_height: z.number().min(2).max(1500),
      security_takeoff_height: z.number().min(20).max(1500),
      rth_altitude: z.number().min(2).max(1500),
      rc_lost_action: z.number().int().min(0).max(2).optional(),
      max_speed: z.number().min(1).max(15).optional(),
      flight_id: z.uuid().optional(),
    }),
  ),
  cmd(
    'fly_to_point',
    z.object({
      max_speed: z.number().min(0).max(15),
      points: z.tuple([point]),
      fly_to_id: z.uuid().optional(),
    }),
  ),
  cmd(
    'fly_to_point_update',
    z.object({ max_speed: z.number().min(0).max(15), points: z.tuple([point]) }),
  ),
  cmd('fly_to_point_stop', none),
  cmd('return_home', none),
  cmd('return_home_cancel', none),
  cmd('flighttask_pause', none),
  cmd('flighttask_recovery', none),
  cmd(
    'camera_mode_switch',
    z.object({ camera_mode: z.union([z.literal(0), z.literal(1)]), payload_index: payloadIndex }),
  ),
  cmd('camera_photo_take', z.object({ payload_index: payloadIndex })),
  cmd('camera_recording_start', z.object({ payload_index: payloadIndex })),
  cmd('camera_recording_stop', z.object({ payload_index: payloadIndex })),
  cmd(
    'camera_focal_length_set',
    z.object({
      camera_type: z.enum(['wide', 'zoom', 'ir']),
      zoom_factor: z.number().min(2).max(200),
      payload_index: payloadIndex,
    }),
  ),
  cmd(
    'gimbal_reset',
    z.object({
      reset_mode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      payload_index: payloadIndex,
    }),
  ),
]);
