/**
 * How a run's verdict reads on the console, in both languages: what it achieved and, when short,
 * why — never a bare code or a message key — and how its tag and the task's state follow the
 * verdict rather than the dock's `ok`. And where "open in replay" takes a run.
 */
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskExecution, TaskRunVerdict } from '../../../protocol/tasks.ts';
import taskWords from '../../../src/components/TaskWords/i18n.ts';
import { replayLink, runTarget } from '../../../src/components/OpenInReplay/replayLink.ts';
import {
  runSummary,
  runTag,
  verdictWords,
} from '../../../src/components/TaskWords/runVerdictWords.ts';
import { shownTaskState } from '../../../src/components/TaskWords/taskWords.ts';
import { viewOf } from '../../../src/lib/replayView.ts';

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

function verdict(over: Partial<TaskRunVerdict>): TaskRunVerdict {
  return {
    result: 'partial',
    waypoints_reached: 7,
    waypoints_total: 12,
    photos_taken: 3,
    photos_planned: 3,
    reason: 'server words',
    reason_key: 'run.returned_early',
    reason_params: {},
    ...over,
  };
}

function run(over: Partial<TaskExecution>): TaskExecution {
  return {
    id: 9,
    task_id: 1,
    flight_id: 'f',
    dock_sn: 'DOCK1',
    planned_at: '2026-11-28T08:00:00.000Z',
    state: 'ok',
    percent: 100,
    current_step: null,
    current_waypoint: 3,
    total_waypoints: 12,
    break_point: null,
    reason: '',
    result_code: 0,
    started_at: '2026-11-28T08:01:00.000Z',
    ended_at: '2026-11-28T08:21:00.000Z',
    verdict: null,
    ...over,
  };
}

describe('a run verdict in words', () => {
  it('says a complete run reached every waypoint', () => {
    const v = verdict({
      result: 'complete',
      waypoints_reached: 12,
      reason_key: 'run.complete',
      reason_params: { total: 12 },
    });
    expect(verdictWords(en, v)).toBe('completed: 12 of 12 waypoints');
    expect(verdictWords(zh, v)).toBe('已完成：12 / 12 个航点');
  });

  it('says where a run ended early and why, naming who ordered it', () => {
    const low = verdict({ reason_params: { reached: 7, total: 12, cause: 'low_battery' } });
    expect(verdictWords(en, low)).toBe(
      'ended early at waypoint 7 of 12: battery low, returned home',
    );
    expect(verdictWords(zh, low)).toBe('提前结束于航点 7 / 12：电量低，自动返航');
    const home = verdict({
      reason_params: { reached: 7, total: 12, cause: 'user_rth', user: 'operator' },
    });
    expect(verdictWords(en, home)).toBe(
      'ended early at waypoint 7 of 12: return home ordered by operator',
    );
    const stop = verdict({
      reason_key: 'run.stopped_early',
      reason_params: { reached: 7, total: 12, cause: 'user_stop' },
    });
    expect(verdictWords(zh, stop)).toBe('提前结束于航点 7 / 12：用户中止了航线');
  });

  it('words a dock refusal by its code table, the code only in brackets', () => {
    const refused = verdict({
      result: 'complete',
      waypoints_reached: 12,
      reason_key: 'run.dock_ended',
      reason_params: { total: 12, cause: 'dock_failed', code: 319001 },
    });
    expect(verdictWords(en, refused)).toBe(
      'all 12 waypoints reached, but the dock reported failure: the dock is busy with another flight (code 319001)',
    );
    expect(verdictWords(zh, refused)).toBe(
      '已到全部 12 个航点，但机场报告失败：机场正在执行其他任务（代码 319001）',
    );
  });

  it('says how far the aircraft stayed from a waypoint it never reached', () => {
    const far = verdict({
      result: 'failed',
      waypoints_reached: 0,
      waypoints_total: 1,
      reason_key: 'run.waypoint_missed_cause',
      reason_params: { index: 1, distance_m: 29_012.4, cause: 'low_battery' },
    });
    expect(verdictWords(en, far)).toBe(
      '0 of 1 waypoints reached: waypoint 1 missed, closest 29.0 km away (battery low, returned home)',
    );
    expect(verdictWords(zh, far)).toBe(
      '到达 0 / 1 个航点：航点 1 未到达，最近相距 29.0 公里（电量低，自动返航）',
    );
  });

  it('says a flown route short of its photos, and a run with no waypoint', () => {
    const photos = verdict({
      waypoints_reached: 12,
      photos_taken: 0,
      photos_planned: 4,
      reason_key: 'run.photos_short',
      reason_params: { planned: 4, taken: 0 },
    });
    expect(verdictWords(en, photos)).toBe('all 12 waypoints reached, but only 0 of 4 photos taken');
    const none = verdict({
      result: 'failed',
      waypoints_reached: 0,
      reason_key: 'run.no_waypoint',
      reason_params: { cause: 'rc_lost' },
    });
    expect(verdictWords(zh, none)).toBe('未到达任何航点（共 12 个）：遥控信号丢失');
  });

  it("reads a reason this console does not know in the server's words", () => {
    expect(verdictWords(en, verdict({ reason_key: 'run.newer_reason' }))).toBe('server words');
  });
});

describe('the tag and state of a judged run', () => {
  it("tags a run sent home early as partly flown, whatever its dock's ok", () => {
    const sentHome = run({
      verdict: verdict({ reason_params: { reached: 7, total: 12, cause: 'user_rth' } }),
    });
    expect(runTag(en, sentHome)).toEqual({
      label: 'Partly flown',
      intent: 'warning',
      title: 'The dock reported: Succeeded',
    });
    expect(runSummary(zh, sentHome)).toBe('提前结束于航点 7 / 12：用户下令返航');
    expect(shownTaskState({ state: 'finished', last: sentHome })).toBe('partial');
  });

  it('keeps the state and the device code in words for runs that were not judged', () => {
    const refused = run({ state: 'failed', result_code: 321004, started_at: null });
    expect(runTag(zh, refused)).toMatchObject({ label: '失败', intent: 'danger' });
    expect(runSummary(en, refused)).toBe('the route file could not be read (code 321004)');
    expect(runTag(en, run({ state: 'in_progress' })).label).toBe('Flying');
  });
});

describe('a run in the replay', () => {
  const NOW = Date.parse('2026-11-28T09:00:00.000Z');
  const runReplayAddress = (r: Parameters<typeof runTarget>[0], sn: string | null, now: number) => {
    const target = runTarget(r, sn, now);
    return target === null ? null : replayLink(target);
  };
  const runReplayView = (r: Parameters<typeof runTarget>[0], sn: string | null, now: number) => {
    const address = runReplayAddress(r, sn, now);
    return address === null ? null : viewOf(new URLSearchParams(address.split('?')[1]), now);
  };

  it('opens the flight a minute either side, on the aircraft, at take-off', () => {
    const address = runReplayAddress(run({}), 'AIR1', NOW);
    expect(address?.startsWith('/replay?')).toBe(true);
    const view = viewOf(new URLSearchParams(address?.slice('/replay?'.length)), NOW);
    expect(view).toEqual({
      preset: 'custom',
      from: Date.parse('2026-11-28T08:00:00.000Z'),
      to: Date.parse('2026-11-28T08:22:00.000Z'),
      devices: ['AIR1'],
      t: Date.parse('2026-11-28T08:01:00.000Z'),
      sn: 'AIR1',
      speed: 1,
    });
  });

  it('runs a flight still in the air up to now, on its dock when the aircraft is not known', () => {
    const view = runReplayView(run({ state: 'in_progress', ended_at: null }), null, NOW);
    expect(view).toMatchObject({ to: NOW + 60_000, devices: ['DOCK1'], sn: null });
  });

  it('offers nothing for a run that never took off', () => {
    expect(runReplayAddress(run({ started_at: null }), 'AIR1', NOW)).toBeNull();
  });
});
