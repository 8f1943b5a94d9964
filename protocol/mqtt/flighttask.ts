/**
 * Flight-task services and events between the cloud and a dock (shared/protocol/dji-cloud-api.md
 * §4.3, §6.6): what a conditional task waits for, what the dock says once it may fly, and the reply
 * code both sides read as "the dock is flying another task".
 */

/** `flighttask_prepare.ready_conditions` of a conditional task (`task_type` 2). */
export interface FlighttaskReadyConditions {
  /** Least aircraft battery, %. */
  battery_capacity: number;
  /** The window in which the task may start, ms since the epoch. */
  begin_time: number;
  end_time: number;
}

/** `flighttask_ready` event: the conditional flights whose ready conditions now hold. */
export interface FlighttaskReadyData {
  flight_ids: string[];
}

/**
 * Reply code of a dock whose task centre is not idle (another task is flying): the 319xxx family is
 * the dock's task state machine (§1.2). The simulated dock answers it, and the task engine words it
 * as "the dock is busy" rather than as a bare device error.
 */
export const DOCK_TASK_BUSY = 319001;
