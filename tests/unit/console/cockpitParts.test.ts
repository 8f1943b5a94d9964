/**
 * Small parts of the cockpit and the video wall: the guard settings' checks and their effect on the
 * HUD colours and the stick loop, the gamepad read only while the window is attended, the camera's
 * second look, and a tile's click told apart from a double click.
 */
import { describe, expect, it } from 'vitest';
import { STICK_NEUTRAL } from '../../../protocol/mqtt/drc.ts';
import type { StickControlData } from '../../../protocol/mqtt/drc.ts';
import { StickLoop } from '../../../src/lib/sticks/stickLoop.ts';
import { CAMERA_RETRY_MS, shouldLookAgain } from '../../../src/pages/cockpit/cameraRetry.ts';
import { firstGamepadAxes } from '../../../src/pages/cockpit/gamepad.ts';
import type { GamepadEnv } from '../../../src/pages/cockpit/gamepad.ts';
import { guardConfigOf, guardProblems } from '../../../src/pages/cockpit/guardSettings.ts';
import { toneOf } from '../../../src/pages/cockpit/linkTone.ts';
import { DOUBLE_CLICK_MS, tileClicks } from '../../../src/pages/videoWall/tileClicks.ts';
import { useVirtualClock } from './virtualTime.ts';

const clock = useVirtualClock();

describe('latency-guard settings', () => {
  it('accepts whole thresholds in range with stop above warn, and names what is wrong', () => {
    expect(guardProblems({ warn_ms: 300, stop_ms: 800 })).toEqual({});
    expect(guardProblems({ warn_ms: 500, stop_ms: 500 })).toEqual({ stop_ms: 'order' });
    expect(guardProblems({ warn_ms: 20, stop_ms: 800 })).toEqual({ warn_ms: 'range' });
    expect(guardProblems({ warn_ms: 300, stop_ms: Number.NaN })).toEqual({ stop_ms: 'range' });
    expect(guardProblems({ warn_ms: 300.5, stop_ms: 20_000 })).toEqual({
      warn_ms: 'range',
      stop_ms: 'range',
    });
  });

  it('colours the HUD by the pilot’s thresholds', () => {
    const { warnMs, stopMs } = guardConfigOf({ warn_ms: 150, stop_ms: 400 });
    expect([100, 150, 399, 400].map((ms) => toneOf(ms, warnMs, stopMs))).toEqual([
      '',
      'dc-warn',
      'dc-warn',
      'dc-bad',
    ]);
    expect(toneOf(null, warnMs, stopMs)).toBe('');
  });

  it('judges the running stick loop by new thresholds from its next tick', () => {
    const sent: StickControlData[] = [];
    const sticks = new StickLoop({
      send: (d) => sent.push(d),
      delayMs: () => 250,
      config: guardConfigOf({ warn_ms: 300, stop_ms: 800 }),
    });
    sticks.start();
    sticks.press('KeyW');
    clock().advance(1_000);
    expect(sticks.view().guard.level).toBe('ok');
    expect(sent.at(-1)?.pitch).toBe(1684);
    sticks.setConfig(guardConfigOf({ warn_ms: 100, stop_ms: 200 }));
    clock().advance(100);
    expect(sticks.view().guard.level).toBe('stop');
    expect(sent.at(-1)?.pitch).toBe(STICK_NEUTRAL);
    sticks.stop();
  });
});

describe('gamepad', () => {
  const pad = (axes: number[]) => ({ connected: true, axes, id: 'Test pad' }) as unknown as Gamepad;

  it('reads the axes only while the window is shown and focused', () => {
    let attended = true;
    const env: GamepadEnv = { pads: () => [null, pad([0, -1, 0, 0])], attended: () => attended };
    expect(firstGamepadAxes(env)).toEqual([0, -1, 0, 0]);
    attended = false;
    expect(firstGamepadAxes(env)).toBeNull();
  });

  it('centres the sticks when the window loses the pilot with the stick still held', () => {
    let attended = true;
    const env: GamepadEnv = { pads: () => [pad([0, 0, 0, -1])], attended: () => attended };
    const sent: StickControlData[] = [];
    const sticks = new StickLoop({
      send: (d) => sent.push(d),
      delayMs: () => 0,
      gamepadAxes: () => firstGamepadAxes(env),
    });
    sticks.start();
    clock().advance(1_000);
    expect(sent.at(-1)?.pitch).toBe(1684);
    attended = false;
    clock().advance(1_000);
    expect(sent.at(-1)?.pitch).toBe(STICK_NEUTRAL);
    const count = sent.length;
    clock().advance(1_000);
    // Centred and quiet: nothing more goes out while the window is not attended.
    expect(sent.length).toBe(count);
    sticks.stop();
  });

  it('ignores pads without two sticks', () => {
    const env: GamepadEnv = { pads: () => [pad([0, 0])], attended: () => true };
    expect(firstGamepadAxes(env)).toBeNull();
  });
});

describe('main camera', () => {
  it('looks again when the aircraft is heard after the last look, at most every few seconds', () => {
    expect(shouldLookAgain(1_000, null, 100_000)).toBe(false);
    expect(shouldLookAgain(1_000, 900, 100_000)).toBe(false);
    expect(shouldLookAgain(1_000, 2_000, 1_000 + CAMERA_RETRY_MS - 1)).toBe(false);
    expect(shouldLookAgain(1_000, 2_000, 1_000 + CAMERA_RETRY_MS)).toBe(true);
  });
});

describe('video tile clicks', () => {
  function record() {
    const log: string[] = [];
    const clicks = tileClicks(
      () => log.push('enlarge'),
      () => log.push('full screen'),
    );
    return { log, clicks };
  }

  it('enlarges on a single click once the double-click time has passed', () => {
    const { log, clicks } = record();
    clicks.click(1);
    clock().advance(DOUBLE_CLICK_MS - 1);
    expect(log).toEqual([]);
    clock().advance(1);
    expect(log).toEqual(['enlarge']);
  });

  it('goes full screen on a double click without enlarging', () => {
    const { log, clicks } = record();
    clicks.click(1);
    clock().advance(120);
    clicks.click(2);
    clicks.doubleClick();
    clock().advance(DOUBLE_CLICK_MS * 3);
    expect(log).toEqual(['full screen']);
  });

  it('fires nothing after the tile is gone', () => {
    const { log, clicks } = record();
    clicks.click(1);
    clicks.dispose();
    clock().advance(DOUBLE_CLICK_MS * 2);
    expect(log).toEqual([]);
  });
});
