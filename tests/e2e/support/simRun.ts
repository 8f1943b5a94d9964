/**
 * A run on the simulated dock, set up over the API as an operator would: the fixture route imported
 * for the simulated fleet, an immediate task on the first dock online, then its run followed until
 * it is as far as the test needs.
 */
import { expect } from 'vitest';
import { API, type Envelope, type LoginResult } from '../../../protocol/http.ts';
import {
  TASK_API,
  type FlightTask,
  type FlightTaskDetail,
  type TaskExecution,
} from '../../../protocol/tasks.ts';
import { WAYLINE_API, type Wayline } from '../../../protocol/waylines.ts';
import { fixtureKmz } from '../../fixtures/wpml/kmz.ts';
import { apiCall } from './api.ts';
import { TEST_PASSWORD } from './server.ts';
import { forSimDock } from './simRoute.ts';

export interface SimRunAsk {
  /** The task's name. */
  name: string;
  /** The imported route's name; the task's unless said. */
  routeName?: string;
  /** Who sets it up; the operator unless said. */
  username?: string;
  /** How far the run must be before the answer: there at all, or the aircraft in the air. */
  until: 'created' | 'started' | 'in_progress';
}

/** The run's and its task's ids. */
export interface SimRun {
  runId: number;
  taskId: number;
}

const reached = (run: TaskExecution | null, until: SimRunAsk['until']): boolean => {
  if (run === null) return false;
  if (until === 'created') return true;
  if (until === 'started') return run.started_at !== null;
  return run.state === 'in_progress';
};

/** Starts an immediate task on the simulated dock and answers its run once it is `until`. */
export async function startSimRun(baseUrl: string, ask: SimRunAsk): Promise<SimRun> {
  const { token, user } = await apiCall<LoginResult>(baseUrl, API.login, null, {
    username: ask.username ?? 'operator',
    password: TEST_PASSWORD,
  });
  const workspace = String(user.workspace_id);
  const name = encodeURIComponent(ask.routeName ?? ask.name);
  const upload = await fetch(
    `${baseUrl}${WAYLINE_API.upload}?workspace_id=${workspace}&name=${name}`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
      body: Buffer.from(forSimDock(fixtureKmz('waypoint-actions-1.0.6'))),
    },
  );
  const wayline = ((await upload.json()) as Envelope<Wayline>).data;
  const devices = `${API.deviceAccountList}?workspace_id=${workspace}&pageIndex=1&pageSize=100`;
  let dockSn = '';
  await expect
    .poll(
      async () => {
        const page = await apiCall<{
          rows: { device_sn: string; domain: number; online: boolean }[];
        }>(baseUrl, devices, token);
        dockSn = page.rows.find((d) => d.domain === 3 && d.online)?.device_sn ?? '';
        return dockSn;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  const task = await apiCall<FlightTask>(baseUrl, TASK_API.add, token, {
    workspace_id: user.workspace_id,
    name: ask.name,
    wayline_id: wayline.id,
    dock_sn: dockSn,
    schedule: { kind: 'immediate' },
    rth_altitude: 100,
  });
  let runId = 0;
  await expect
    .poll(
      async () => {
        const detail = await apiCall<FlightTaskDetail>(
          baseUrl,
          `${TASK_API.info}?id=${String(task.id)}`,
          token,
        );
        runId = detail.last?.id ?? 0;
        return reached(detail.last, ask.until);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return { runId, taskId: task.id };
}
