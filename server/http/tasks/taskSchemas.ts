import { z } from 'zod';
import { id, INT4_MAX, name, numeric } from '../schemas.ts';

/** A moment in ms since the epoch, within what PostgreSQL stores. */
const epochMs = z.number().int().min(0).max(253_402_300_799_999);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

const schedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('immediate') }),
  z.object({ kind: z.literal('timed'), at: epochMs }),
  z.object({
    kind: z.literal('recurring'),
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    times: z.array(hhmm).min(1).max(24),
    from: epochMs,
    to: epochMs,
  }),
  z.object({
    kind: z.literal('conditional'),
    battery: z.number().int().min(1).max(100),
    begin: epochMs,
    end: epochMs,
  }),
]);

/** Body of `add`: the `flighttask_prepare` choices (protocol §6.6) and a schedule. */
export const taskBody = z.object({
  workspace_id: id,
  name: name(64),
  wayline_id: id,
  dock_sn: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  schedule,
  rth_altitude: z.number().int().min(20).max(1500),
  out_of_control_action: z.number().int().min(0).max(2).default(0),
  exit_wayline_when_rc_lost: z.number().int().min(0).max(1).default(0),
  wayline_precision_type: z.number().int().min(0).max(1).default(0),
  /** Accept a route whose aircraft model the server does not know (needs `task:override_model`). */
  confirm_unknown_model: z.boolean().default(false),
  /** Fly a route into a no-fly area or out of the operation areas (needs `airspace:override`). */
  override_airspace: z.boolean().default(false),
});
export type TaskBody = z.infer<typeof taskBody>;

/** Body of `edit`: the task and every setting `add` takes but its project. */
export const taskEditBody = taskBody.omit({ workspace_id: true }).extend({ id });

export const byId = z.object({ id });

/** Body of the flight controls: a task (its live flight) or one execution. */
export const controlBody = z.object({
  id,
  execution_id: numeric(z.number().int().min(1).max(INT4_MAX)).optional(),
});
