/** What the cockpit's commands send to the dock: the console's data plus ids and defaults. */
import { randomUUID } from 'node:crypto';
import type { DrcCommandInput } from '../../protocol/drc.ts';

/** The service data as sent to the dock: generated ids and the main camera filled in. */
export function commandData(input: DrcCommandInput, payloadIndex: string): object {
  switch (input.method) {
    case 'takeoff_to_point':
      return {
        rth_mode: 1,
        rc_lost_action: 2,
        max_speed: 10,
        commander_flight_height: input.data.security_takeoff_height,
        commander_mode_lost_action: 1,
        commander_flight_mode: 1,
        ...input.data,
        flight_id: input.data.flight_id ?? randomUUID(),
      };
    case 'fly_to_point':
      return { ...input.data, fly_to_id: input.data.fly_to_id ?? randomUUID() };
    case 'camera_mode_switch':
    case 'camera_photo_take':
    case 'camera_recording_start':
    case 'camera_recording_stop':
    case 'camera_focal_length_set':
    case 'gimbal_reset':
      return { payload_index: payloadIndex, ...input.data };
    case 'fly_to_point_update':
    case 'fly_to_point_stop':
    case 'return_home':
    case 'return_home_cancel':
    case 'flighttask_pause':
    case 'flighttask_recovery':
      return input.data;
  }
}
