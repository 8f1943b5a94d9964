/**
 * The parts of the console a new user meets first, as pure rules: which route-table columns fit a
 * width, which live alarms get a toast, how task and run states and device codes read, and what the
 * pickers of the bare wall-map and cockpit addresses offer.
 */
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../../protocol/http.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import type { FlightTask, TaskExecution } from '../../../protocol/tasks.ts';
import type { AiArrival } from '../../../src/components/AlarmToast/liveAlarms.ts';
import {
  AlarmToastPolicy,
  MAX_ALARM_TOASTS,
  MAX_ALARM_TOASTS_PHONE,
} from '../../../src/components/AlarmToast/toastPolicy.ts';
import {
  describeDeviceCode,
  describeHmsCode,
} from '../../../src/components/TaskWords/deviceCodes.ts';
import taskWords from '../../../src/components/TaskWords/i18n.ts';
import {
  runOutcome,
  runStateLabel,
  shownTaskState,
} from '../../../src/components/TaskWords/taskWords.ts';
import { dockChoices } from '../../../src/pages/cockpit/dockChoices.ts';
import { recentRuns } from '../../../src/pages/taskInfoMap/recentRuns.ts';
import { COLUMN_PX, fitColumns, NAME_MIN_PX } from '../../../src/pages/wayline/columnFit.ts';
import type { DeviceCell } from '../../../src/fleet/fleet.ts';

let zh: TFunction<'taskWords'>;
let en: TFunction<'taskWords'>;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'zh-CN': { taskWords: taskWords['zh-CN'] }, en: { taskWords: taskWords.en } },
    lng: 'zh-CN',
    ns: ['taskWords'],
    interpolation: { escapeValue: false },
  });
  zh = i18n.getFixedT('zh-CN', 'taskWords');
  en = i18n.getFixedT('en', 'taskWords');
});

describe('route table columns', () => {
  const widthOf = (keys: readonly string[]) =>
    keys.reduce((sum, key) => sum + (key === 'name' ? NAME_MIN_PX : COLUMN_PX[key as 'index']), 0);

  it('fit the route list of a 1440-px window, sidebar open, with room for the name and actions', () => {
    // 1440 less the sidebar (220) and the page padding: what the table gets on a desktop.
    const keys = fitColumns(1188);
    expect(widthOf(keys)).toBeLessThanOrEqual(1188);
    expect(keys).toEqual(
      expect.arrayContaining(['outline', 'name', 'model', 'type', 'favorite', 'actions']),
    );
    expect(keys.at(-1)).toBe('actions');
  });

  it('show everything when there is room, and only the name and actions on a phone', () => {
    expect(fitColumns(1600)).toHaveLength(12);
    expect(fitColumns(374)).toEqual(['name', 'actions']);
  });

  it('leave out the least important first, never a more important one for a narrower one', () => {
    for (let width = 300; width <= 1700; width += 7) {
      const keys = fitColumns(width);
      expect(keys).toContain('actions');
      expect(keys).toContain('name');
      if (width >= NAME_MIN_PX + COLUMN_PX.actions)
        expect(widthOf(keys)).toBeLessThanOrEqual(width);
      if (keys.includes('index')) expect(keys).toContain('created_at');
      if (keys.includes('created_at')) expect(keys).toContain('model');
    }
  });
});

const arrival = (sn: string, n: number): AiArrival => ({
  sn,
  eventId: `ev-${String(n)}`,
  category: 'person',
  confidence: 0.9,
  ts: n,
});

describe('AI alarm toasts', () => {
  it('shows a few at once and counts the rest in one summary toast', () => {
    const policy = new AlarmToastPolicy();
    policy.enterProject(7);
    const steps = Array.from({ length: 12 }, (_, n) =>
      policy.arrive(arrival('DOCK-A', n), true, MAX_ALARM_TOASTS),
    );
    expect(steps.filter((s) => s?.kind === 'show')).toHaveLength(MAX_ALARM_TOASTS);
    expect(steps.at(-1)).toEqual({ kind: 'more', count: 12 - MAX_ALARM_TOASTS });
    // The same detection heard twice is still one toast, and not counted again.
    expect(policy.arrive(arrival('DOCK-A', 0), true, MAX_ALARM_TOASTS)).toBeNull();
    expect(policy.counts()).toEqual({ onScreen: MAX_ALARM_TOASTS, hidden: 12 - MAX_ALARM_TOASTS });
  });

  it('gives a freed place to the next alarm, and starts a new count once the summary closed', () => {
    const policy = new AlarmToastPolicy();
    policy.enterProject(7);
    for (let n = 0; n < 5; n++) policy.arrive(arrival('DOCK-A', n), true, MAX_ALARM_TOASTS);
    policy.dismissed('DOCK-A|ev-0');
    expect(policy.arrive(arrival('DOCK-A', 5), true, MAX_ALARM_TOASTS)?.kind).toBe('show');
    policy.moreDismissed();
    expect(policy.arrive(arrival('DOCK-A', 6), true, MAX_ALARM_TOASTS)).toEqual({
      kind: 'more',
      count: 1,
    });
  });

  it('keeps one alarm toast on a phone', () => {
    const policy = new AlarmToastPolicy();
    policy.enterProject(7);
    const kinds = [0, 1, 2].map(
      (n) => policy.arrive(arrival('DOCK-A', n), true, MAX_ALARM_TOASTS_PHONE)?.kind,
    );
    expect(kinds).toEqual(['show', 'more', 'more']);
  });

  it('ignores devices of other projects and clears everything on a project switch', () => {
    const policy = new AlarmToastPolicy();
    expect(policy.enterProject(7)).toBe(false);
    for (let n = 0; n < 8; n++) policy.arrive(arrival('DOCK-A', n), true, MAX_ALARM_TOASTS);
    expect(policy.arrive(arrival('DOCK-OTHER', 99), false, MAX_ALARM_TOASTS)).toBeNull();
    // Loading passes through "no project": not a switch, nothing is cleared.
    expect(policy.enterProject(null)).toBe(false);
    expect(policy.enterProject(7)).toBe(false);
    expect(policy.counts()).toEqual({ onScreen: 3, hidden: 5 });
    expect(policy.enterProject(8)).toBe(true);
    expect(policy.counts()).toEqual({ onScreen: 0, hidden: 0 });
    expect(policy.arrive(arrival('DOCK-B', 1), true, MAX_ALARM_TOASTS)?.kind).toBe('show');
  });
});

const run = (over: Partial<TaskExecution> = {}): TaskExecution => ({
  id: 1,
  task_id: 1,
  flight_id: 'f-1',
  dock_sn: 'DOCK-A',
  planned_at: '2026-01-01T08:00:00.000Z',
  state: 'ok',
  percent: 100,
  current_step: null,
  current_waypoint: 0,
  total_waypoints: 4,
  break_point: null,
  reason: '',
  result_code: 0,
  started_at: null,
  ended_at: null,
  ...over,
});

const task = (state: FlightTask['state'], last: TaskExecution | null, name = 'T'): FlightTask => ({
  id: 1,
  workspace_id: 1,
  name,
  wayline_id: 1,
  dock_sn: 'DOCK-A',
  schedule: { kind: 'immediate' },
  rth_altitude: 100,
  out_of_control_action: 0,
  exit_wayline_when_rc_lost: 0,
  wayline_precision_type: 0,
  wayline_name: 'R',
  state,
  next_run_at: null,
  creator_name: 'op',
  created_at: '2026-01-01T00:00:00.000Z',
  last,
});

describe('task and run states in words', () => {
  it('does not call a task whose last run was refused or failed finished like a success', () => {
    expect(shownTaskState(task('finished', run({ state: 'ok' })))).toBe('done');
    for (const state of ['rejected', 'refused', 'failed', 'timeout'])
      expect(shownTaskState(task('finished', run({ state })))).toBe('failed');
    expect(shownTaskState(task('finished', run({ state: 'partially_done' })))).toBe('partial');
    expect(shownTaskState(task('finished', null))).toBe('ended');
  });

  it('calls a task in progress only while a run is with its dock or flying', () => {
    expect(shownTaskState(task('finished', run({ state: 'in_progress' })))).toBe('running');
    expect(shownTaskState(task('active', run({ state: 'dispatching' })))).toBe('running');
    // A recurring task whose last run the dock refused is waiting for its next run, not running.
    expect(shownTaskState(task('active', run({ state: 'rejected' })))).toBe('scheduled');
    expect(shownTaskState(task('active', run({ state: 'pending' })))).toBe('scheduled');
    expect(shownTaskState(task('canceled', run({ state: 'in_progress' })))).toBe('canceled');
  });

  it('words a refused run as final, not as one still to come', () => {
    expect(runStateLabel(zh, 'refused')).toBe('未能执行');
    expect(runStateLabel(en, 'rejected')).toBe('Refused by dock');
    expect(runStateLabel(zh, 'pending')).not.toBe(runStateLabel(zh, 'refused'));
    expect(runStateLabel(en, 'something_new')).toBe('something_new');
  });
});

describe('device codes in words', () => {
  it('says what a known code means, with the code in brackets', () => {
    expect(describeDeviceCode(zh, 319001)).toBe('机场正在执行其他任务（代码 319001）');
    expect(describeDeviceCode(en, 314013)).toBe(
      "the dock could not fetch the task's route file (code 314013)",
    );
    // The custom flight area stops a dock reports (the simulator's fence sends them too).
    expect(describeDeviceCode(zh, 321528)).toBe(
      '飞行器触碰自定义飞行区边界，航线任务已暂停（代码 321528）',
    );
    expect(describeDeviceCode(en, 336513)).toBe(
      'the target point is inside a custom no-fly area (code 336513)',
    );
    expect(describeDeviceCode(en, 337546)).toContain('the fly-to stopped');
  });

  it('falls back to the module of the code, then to "unknown error"', () => {
    expect(describeDeviceCode(en, 314999)).toBe(
      'the flight task could not be delivered (code 314999)',
    );
    expect(describeDeviceCode(zh, 888123)).toBe('未知错误（代码 888123）');
    expect(describeDeviceCode(en, 42)).toBe('unknown error (code 42)');
    expect(describeDeviceCode(en, -1)).toBe('the device did not answer (code -1)');
  });

  it('reads a run’s outcome from its result code before the server’s bare wording', () => {
    const refused = run({
      state: 'rejected',
      result_code: 321004,
      reason: '机场拒绝了任务（错误码 321004）',
    });
    expect(runOutcome(zh, refused)).toBe('航线文件无法解析（代码 321004）');
    expect(runOutcome(zh, run({ state: 'refused', reason: '机场离线' }))).toBe('机场离线');
  });

  it('words an HMS alarm with its code, or as unknown', () => {
    expect(describeHmsCode(en, '0x16100083', 'Flight controller warning')).toBe(
      'Flight controller warning (code 0x16100083)',
    );
    expect(describeHmsCode(zh, '0x1B000001', undefined)).toBe('未知错误（代码 0x1B000001）');
  });
});

describe('the wall map’s flight picker', () => {
  it('offers each task’s newest run that has gone to its dock, flying ones first', () => {
    const tasks = [
      task('finished', run({ id: 1, state: 'ok', started_at: '2026-01-03T08:00:00Z' }), 'A'),
      task('active', run({ id: 2, state: 'pending' }), 'B'),
      task('finished', run({ id: 3, state: 'in_progress', started_at: '2026-01-01T08:00:00Z' })),
      task('active', null, 'D'),
      task('finished', run({ id: 4, state: 'rejected', planned_at: '2026-01-02T08:00:00Z' })),
    ];
    expect(recentRuns(tasks).map((r) => r.run.id)).toEqual([3, 1, 4]);
    expect(recentRuns(tasks, 1)).toHaveLength(1);
  });
});

const device = (sn: string, domain: number, over: Partial<Device> = {}): Device =>
  ({
    device_sn: sn,
    name: sn.toLowerCase(),
    domain,
    online: true,
    gateway_sn: null,
    ...over,
  }) as Device;

const cell = (info: Device, live: DeviceTelemetry | null = null): DeviceCell =>
  ({ info, live, alarms: [] }) as unknown as DeviceCell;

describe('the cockpit’s dock picker', () => {
  it('lists docks that can be flown first, and says why the others cannot', () => {
    const now = 1_000_000;
    const silent = {
      sn: 'DOCK-C',
      gateway: null,
      ts: now - 120_000,
      receivedAt: now - 120_000,
      osd: {},
      state: {},
      task: null,
    } as DeviceTelemetry;
    const cells: [string, DeviceCell][] = [
      ['DOCK-C', cell(device('DOCK-C', 3), silent)],
      ['DOCK-B', cell(device('DOCK-B', 3))],
      ['AIR-A', cell(device('AIR-A', 0, { gateway_sn: 'DOCK-A', name: 'M3TD' }))],
      ['DOCK-A', cell(device('DOCK-A', 3))],
      ['AIR-C', cell(device('AIR-C', 0, { gateway_sn: 'DOCK-C' }))],
      ['RC-1', cell(device('RC-1', 2))],
    ];
    expect(
      dockChoices(cells, now).map((c) => [c.dockSn, c.readiness, c.aircraftName] as const),
    ).toEqual([
      ['DOCK-A', 'ready', 'M3TD'],
      ['DOCK-B', 'noAircraft', null],
      ['DOCK-C', 'offline', 'air-c'],
    ]);
  });
});
