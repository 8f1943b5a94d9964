import type { Page } from '../../protocol/http.ts';
import {
  TASK_API,
  type FlightTask,
  type FlightTaskDetail,
  type TaskEdit,
  type TaskInput,
} from '../../protocol/tasks.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of flight tasks. */
export const listTasks = (query: Query) => http.get<Page<FlightTask>>(TASK_API.list, query);

/** One task with all its executions. */
export const fetchTask = (id: number) => http.get<FlightTaskDetail>(TASK_API.info, { id });

/** Creates a task; conflicts, a busy or offline dock and a low battery come back as refusals. */
export const addTask = (input: TaskInput) => http.post<FlightTask>(TASK_API.add, input);

/** Changes a task and plans it again; refused while one of its runs is sent or flying. */
export const editTask = (input: TaskEdit) => http.post<FlightTask>(TASK_API.edit, input);

/** Cancels a task: pending runs are dropped, a flight the dock holds is withdrawn. */
export const cancelTask = (id: number) => http.post<null>(TASK_API.cancel, { id });

/** Deletes a task; refused while it flies. */
export const deleteTask = (id: number) => http.post<null>(TASK_API.del, { id });

/** The flight controls a task's live flight answers to. */
export type FlightControl = 'pause' | 'resume' | 'returnHome';

/** Sends pause, resume or return home to a task's flight; the dock's reply decides. */
export const controlFlight = (control: FlightControl, id: number, executionId?: number) =>
  http.post<{ result: number; latency_ms: number }>(TASK_API[control], {
    id,
    ...(executionId === undefined ? {} : { execution_id: executionId }),
  });
