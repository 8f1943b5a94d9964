/**
 * A finished run says in words what the aircraft did, wherever the console shows the run: a flight
 * over the whole route reads "completed: 4 of 4 waypoints" on the task's run list, the task list and
 * the run's own page, in both languages; one sent home after its second waypoint reads where it ended
 * and who ordered it, although its dock reports it `ok`. "Open in replay" takes the run to the
 * replay with its aircraft selected, and is not offered to a role without the replay. The run's map
 * and the replay's draw the project's airspace areas. The simulated dock flies at ×25. Screenshots
 * at 1440×900 and 390×844 in both languages when SKYDECK_SHOTS=1.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API, type LoginResult, type MenuNode, type Role } from '../../protocol/http.ts';
import {
  FINAL_STATES,
  TASK_API,
  type FlightTask,
  type FlightTaskDetail,
  type SubtaskDetail,
  type TaskExecution,
} from '../../protocol/tasks.ts';
import { AIRSPACE_API, type AirspaceArea } from '../../protocol/airspace.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { adminApi, apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';
import { saveShot, SHOTS_ON } from './support/shots.ts';
import { forSimDock } from './support/simRoute.ts';

/** Flying, landing and judging take a minute or two on a busy machine. */
const FLIGHT = { timeout: 240_000, interval: 500 };
const WAIT = { timeout: 60_000, interval: 500 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const ENDED: readonly string[] = FINAL_STATES;
/** A no-fly area of the project, far from where the dock flies. */
const FAR_AREA = '远处的变电站';

/** The airspace areas the visible map holds, as `name:kind` lines. */
const shownAreas = (page: Page) => () =>
  page.locator('.maplibregl-map[data-airspace-areas]:visible').getAttribute('data-airspace-areas');

interface Operator {
  url: string;
  token: string;
  workspaceId: number;
}

async function signInApi(url: string, username: string): Promise<Operator> {
  const login = await apiCall<LoginResult>(url, API.login, null, {
    username,
    password: TEST_PASSWORD,
  });
  return { url, token: login.token, workspaceId: login.user.workspace_id };
}

/** The fixture route (four waypoints, a photo at the first), uploaded once for the dock's aircraft. */
async function route(op: Operator): Promise<number> {
  const query = `workspace_id=${String(op.workspaceId)}&name=${encodeURIComponent('堤岸巡检')}`;
  const answer = await fetch(`${op.url}${WAYLINE_API.upload}?${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${op.token}`, 'Content-Type': 'application/octet-stream' },
    body: Buffer.from(forSimDock(fixtureKmz('waypoint-actions-1.0.6'))),
  });
  return ((await answer.json()) as { data: Wayline }).data.id;
}

/** The simulated dock once it is online. */
async function onlineDock(op: Operator): Promise<string> {
  let sn = '';
  await expect
    .poll(async () => {
      const page = await apiCall<{
        rows: { device_sn: string; domain: number; online: boolean }[];
      }>(
        op.url,
        `${API.deviceAccountList}?workspace_id=${String(op.workspaceId)}&pageIndex=1&pageSize=100`,
        op.token,
      );
      sn = page.rows.find((d) => d.domain === 3 && d.online)?.device_sn ?? '';
      return sn;
    }, WAIT)
    .not.toBe('');
  return sn;
}

const lastRun = async (op: Operator, taskId: number): Promise<TaskExecution | null> =>
  (await apiCall<FlightTaskDetail>(op.url, `${TASK_API.info}?id=${String(taskId)}`, op.token)).last;

/**
 * An immediate task on the dock, flown to its end; with `homeAfter`, the operator sends the
 * aircraft home once the dock says that waypoint (0-based) is reached. A run the dock refused before
 * take-off (it was still closing after the previous flight) is tried again with a new task.
 */
async function fly(
  op: Operator,
  name: string,
  at: { wayline: number; dock: string },
  homeAfter?: number,
): Promise<{ task: number; run: TaskExecution }> {
  for (let attempt = 0; ; attempt++) {
    const task = await apiCall<FlightTask>(op.url, TASK_API.add, op.token, {
      workspace_id: op.workspaceId,
      name,
      wayline_id: at.wayline,
      dock_sn: at.dock,
      schedule: { kind: 'immediate' },
      rth_altitude: 100,
    });
    let run: TaskExecution | null = null;
    let sentHome = homeAfter === undefined;
    await expect
      .poll(async () => {
        run = await lastRun(op, task.id);
        if (!sentHome && run?.state === 'in_progress' && run.current_waypoint >= (homeAfter ?? 0)) {
          await apiCall(op.url, TASK_API.returnHome, op.token, {
            id: task.id,
            execution_id: run.id,
          });
          sentHome = true;
        }
        return run !== null && ENDED.includes(run.state);
      }, FLIGHT)
      .toBe(true);
    const ended = run as TaskExecution | null;
    if (ended?.started_at != null) return { task: task.id, run: ended };
    if (attempt >= 2) throw new Error(`${name} did not take off: ${ended?.reason ?? ''}`);
  }
}

/** The run list's row of a run on the task's page. */
async function runRow(page: Page, taskId: number) {
  await page.goto(`/taskInfo/${String(taskId)}`);
  const row = page.getByTestId('task-runs').locator('tbody tr').first();
  await row.waitFor(WAIT);
  return row;
}

/**
 * The page at both sizes, back at desktop size after, with screenshots when they are on (the pauses
 * let the map paint for them). On a phone the page scrolls inside the layout, so the part worth
 * seeing (`focus`) is scrolled into view first.
 */
async function bothSizes(page: Page, name: string, focus: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  if (SHOTS_ON) await page.waitForTimeout(500);
  await saveShot(page, 'runVerdict', `${name}-1440`);
  await page.setViewportSize(PHONE);
  await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
  if (SHOTS_ON) await page.waitForTimeout(800);
  await saveShot(page, 'runVerdict', `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

describe('run verdicts in words', () => {
  const e2e = useE2E({ SIM_DRONES: '1', SIM_PATROLS: '0', SIM_TIME_SCALE: '25' });
  const flights: { wayline: number; dock: string } = { wayline: 0, dock: '' };

  it('says a run over the whole route completed, on the run list, the task list and its page', async () => {
    const { page } = e2e;
    page.setDefaultTimeout(60_000);
    const op = await signInApi(e2e.server.url, 'operator');
    flights.wayline = await route(op);
    flights.dock = await onlineDock(op);
    const { task, run } = await fly(op, '堤岸全程巡检', flights);
    const subtask = await apiCall<SubtaskDetail>(
      op.url,
      `${TASK_API.subtask}?id=${String(run.id)}`,
      op.token,
    );
    expect(subtask.execution.verdict).toMatchObject({ result: 'complete', waypoints_total: 4 });
    // An area of the project, well away from the route: the run's map and the replay draw it.
    const [start] = subtask.route;
    await apiCall<AirspaceArea>(op.url, AIRSPACE_API.add, op.token, {
      workspace_id: op.workspaceId,
      name: FAR_AREA,
      kind: 'no_fly',
      shape: {
        type: 'circle',
        center: [(start?.lon ?? 113.9) + 0.2, start?.lat ?? 22.5],
        radius: 300,
      },
    });

    await e2e.console.signIn('operator');
    const row = await runRow(page, task);
    await expect
      .poll(() => row.getByTestId('run-outcome').textContent())
      .toBe('已完成：4 / 4 个航点');
    expect(await row.getByTestId('run-tag').textContent()).toBe('已完成');
    await bothSizes(page, 'runs-complete-zh', 'run-outcome');

    await e2e.console.open('/task');
    const listed = page.locator('.sd-table tbody tr').filter({ hasText: '堤岸全程巡检' });
    await expect
      .poll(() => listed.getByTestId('task-reason').textContent(), WAIT)
      .toBe('已完成：4 / 4 个航点');
    expect(await listed.getByTestId('task-state').textContent()).toBe('已完成');
    await bothSizes(page, 'tasks-complete-zh', 'task-run');

    await e2e.console.open(`/subtasksInfo/${String(run.id)}`);
    await expect
      .poll(() => page.getByTestId('subtask-result').textContent(), WAIT)
      .toBe('已完成：4 / 4 个航点');
    expect(await page.getByTestId('subtask-state').textContent()).toBe('已完成');
    expect(
      await page
        .getByTestId('subtask-figures')
        .locator('[data-figure="waypoints"] dd')
        .textContent(),
    ).toBe('4 / 4');
    await expect.poll(shownAreas(page), WAIT).toBe(`${FAR_AREA}:no_fly`);
    await bothSizes(page, 'run-complete-zh', 'subtask-result');

    await e2e.console.switchLanguage('English');
    await expect
      .poll(() => page.getByTestId('subtask-result').textContent())
      .toBe('completed: 4 of 4 waypoints');
    await bothSizes(page, 'run-complete-en', 'subtask-result');
    const enRow = await runRow(page, task);
    await expect
      .poll(() => enRow.getByTestId('run-outcome').textContent())
      .toBe('completed: 4 of 4 waypoints');
    expect(await enRow.getByTestId('run-tag').textContent()).toBe('Completed');
    await bothSizes(page, 'runs-complete-en', 'run-outcome');

    // The replay opens at the flight, the aircraft selected.
    await page.goto(`/subtasksInfo/${String(run.id)}`);
    await page.getByTestId('run-replay').click();
    await page.waitForURL((url) => url.pathname === '/replay');
    const asked = new URL(page.url()).searchParams;
    expect(asked.get('sn')).toBe(subtask.aircraft_sn);
    expect(asked.get('t')).toBe(run.started_at);
    await page
      .locator(`[data-testid="replay-device"][data-sn="${subtask.aircraft_sn ?? ''}"]`)
      .waitFor(WAIT);
    await expect.poll(shownAreas(page), WAIT).toBe(`${FAR_AREA}:no_fly`);
  }, 420_000);

  it('says where a run sent home early ended and who ordered it, though its dock said ok', async () => {
    const { page } = e2e;
    page.setDefaultTimeout(60_000);
    const op = await signInApi(e2e.server.url, 'operator');
    if (flights.wayline === 0) {
      flights.wayline = await route(op);
      flights.dock = await onlineDock(op);
    }
    const { task, run } = await fly(op, '堤岸半程巡检', flights, 1);
    expect(run.state).toBe('ok');
    expect(run.verdict?.result).toBe('partial');

    await e2e.console.signIn('operator');
    const row = await runRow(page, task);
    await expect
      .poll(() => row.getByTestId('run-outcome').textContent(), WAIT)
      .toMatch(/^提前结束于航点 [1-3] \/ 4：operator 下令返航$/);
    expect(await row.getByTestId('run-tag').textContent()).toBe('部分完成');
    expect(await row.getByTestId('run-tag').getAttribute('title')).toBe('机场报告：成功');
    await bothSizes(page, 'runs-early-zh', 'run-outcome');

    await e2e.console.open(`/subtasksInfo/${String(run.id)}`);
    const result = page.getByTestId('subtask-result');
    await expect.poll(() => result.textContent(), WAIT).toMatch(/^提前结束于航点 [1-3] \/ 4/);
    const reached = /航点 (\d)/.exec((await result.textContent()) ?? '')?.[1];
    // The figures count the same waypoints as the verdict, not the dock's `ok`.
    expect(
      await page
        .getByTestId('subtask-figures')
        .locator('[data-figure="waypoints"] dd')
        .textContent(),
    ).toBe(`${reached ?? '?'} / 4`);
    await bothSizes(page, 'run-early-zh', 'subtask-result');

    await e2e.console.switchLanguage('English');
    await expect
      .poll(() => result.textContent())
      .toMatch(/^ended early at waypoint [1-3] of 4: return home ordered by operator$/);
    expect(await page.getByTestId('subtask-state').textContent()).toBe('Partly flown');
    await bothSizes(page, 'run-early-en', 'subtask-result');
    const enRow = await runRow(page, task);
    await expect
      .poll(() => enRow.getByTestId('run-outcome').textContent())
      .toMatch(/^ended early at waypoint [1-3] of 4: return home ordered by operator$/);
    await bothSizes(page, 'runs-early-en', 'run-outcome');
  }, 420_000);

  it('does not offer the replay to a role without it, and still says what the run did', async () => {
    const { page } = e2e;
    const op = await signInApi(e2e.server.url, 'operator');
    const admin = await adminApi(e2e.server.url);
    const adminToken = (await signInApi(e2e.server.url, 'admin')).token;
    const tree = await apiCall<MenuNode[]>(e2e.server.url, API.menuList, adminToken);
    const flat = (nodes: readonly MenuNode[]): MenuNode[] =>
      nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const role = await admin.post<Role>(API.rolesAdd, {
      workspace_id: admin.workspaceId,
      name: 'task-reader',
      menu_ids: flat(tree)
        .filter((n) => n.name === 'workbench' || n.name === 'task')
        .map((n) => n.id),
    });
    await admin.post(API.userAdd, {
      username: 'reader1',
      password: TEST_PASSWORD,
      role_id: role.id,
      workspace_id: op.workspaceId,
    });
    const tasks = await apiCall<{ data: FlightTask[] }>(
      op.url,
      `${TASK_API.list}?workspace_id=${String(op.workspaceId)}`,
      op.token,
    );
    const flown = tasks.data.find((t) => t.last?.verdict);
    if (!flown?.last) throw new Error('no judged run to look at');

    await page.goto('/login');
    await e2e.console.fillSignIn('reader1', TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    const row = await runRow(page, flown.id);
    await expect.poll(() => row.getByTestId('run-outcome').textContent(), WAIT).not.toBe('—');
    expect(await row.getByTestId('run-replay').count()).toBe(0);
    await page.goto(`/subtasksInfo/${String(flown.last.id)}`);
    await page.getByTestId('subtask-result').waitFor();
    expect(await page.getByTestId('run-replay').count()).toBe(0);
  }, 120_000);
});
