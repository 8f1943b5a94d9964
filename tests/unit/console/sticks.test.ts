/** Pilot input becomes stick channels: keys ramp, gamepads have a dead zone, seq rises per message. */
import { describe, expect, it } from 'vitest';
import { STICK_MAX, STICK_MIN, STICK_NEUTRAL } from '../../../protocol/mqtt/drc.ts';
import type { StickControlData } from '../../../protocol/mqtt/drc.ts';
import {
  applyDeadZone,
  gamepadDeflection,
  rampToward,
  targetFromKeys,
  toStickData,
  CENTRED,
} from '../../../src/lib/sticks/stickMapping.ts';
import { StickLoop } from '../../../src/lib/sticks/stickLoop.ts';
import { DrcSender } from '../../../workers/drc/drcSender.ts';
import type { JsonObject } from '../../../protocol/telemetry.ts';
import { useVirtualClock } from './virtualTime.ts';

describe('stick mapping', () => {
  it('maps held keys to full deflection, opposite keys cancelling', () => {
    expect(targetFromKeys(['KeyW', 'KeyD', 'ArrowUp', 'KeyE'])).toEqual({
      pitch: 1,
      roll: 1,
      throttle: 1,
      yaw: 1,
    });
    expect(targetFromKeys(['KeyS', 'KeyA', 'ArrowDown', 'ArrowLeft'])).toEqual({
      pitch: -1,
      roll: -1,
      throttle: -1,
      yaw: -1,
    });
    expect(targetFromKeys(['KeyW', 'KeyS', 'KeyQ', 'KeyE', 'KeyX'])).toEqual(CENTRED);
  });

  it('keeps every wire value within 364–1684 around 1024, scaled by authority', () => {
    expect(toStickData({ pitch: 1, roll: -1, throttle: 0, yaw: 5 })).toEqual({
      pitch: STICK_MAX,
      roll: STICK_MIN,
      throttle: STICK_NEUTRAL,
      yaw: STICK_MAX,
    });
    expect(toStickData({ pitch: 1, roll: 0, throttle: 0, yaw: 0 }, 0.5).pitch).toBe(1354);
    expect(toStickData({ pitch: 1, roll: 1, throttle: 1, yaw: 1 }, 0)).toEqual(
      toStickData(CENTRED),
    );
  });

  it('ramps out slowly and back to centre quickly', () => {
    const full = { ...CENTRED, pitch: 1 };
    const after100 = rampToward(CENTRED, full, 100);
    expect(after100.pitch).toBeCloseTo(0.25);
    expect(rampToward(after100, full, 300).pitch).toBe(1);
    expect(rampToward(full, CENTRED, 100).pitch).toBeCloseTo(1 / 3);
    expect(rampToward(full, CENTRED, 150).pitch).toBe(0);
  });

  it('ignores a gamepad inside its dead zone and still reaches full travel outside it', () => {
    expect(applyDeadZone(0.1)).toBe(0);
    expect(applyDeadZone(-0.05)).toBe(0);
    expect(applyDeadZone(1)).toBe(1);
    expect(applyDeadZone(-1)).toBe(-1);
    expect(applyDeadZone(0.56)).toBeCloseTo(0.5);
    expect(gamepadDeflection([0.05, -0.08, 0.02, 0.1])).toEqual(CENTRED);
    // Mode 2: right stick up (y = −1) is pitch forward; left stick up is climb.
    expect(gamepadDeflection([0, -1, 1, -1])).toEqual({ yaw: 0, throttle: 1, roll: 1, pitch: 1 });
  });
});

describe('the stick loop on virtual time', () => {
  const clock = useVirtualClock();

  function loop(delay = 0, axes: readonly number[] | null = null) {
    const sent: StickControlData[] = [];
    const sticks = new StickLoop({
      send: (data) => sent.push(data),
      delayMs: () => delay,
      gamepadAxes: () => axes,
    });
    sticks.start();
    return { sticks, sent };
  }

  it('sends nothing while idle, 10 Hz while W is held, then a few neutral frames', () => {
    const { sticks, sent } = loop();
    clock().advance(1_000);
    expect(sent).toEqual([]);
    sticks.press('KeyW');
    clock().advance(2_000);
    expect(sent).toHaveLength(20);
    expect(sent.map((s) => s.pitch)).toEqual([...sent.map((s) => s.pitch)].sort((a, b) => a - b));
    expect(sent.at(-1)?.pitch).toBe(STICK_MAX);
    sticks.lift('KeyW');
    sent.length = 0;
    clock().advance(1_000);
    expect(sent.at(-1)).toEqual(toStickData(CENTRED));
    expect(sent.length).toBeLessThan(8);
  });

  it('centres at once when released (focus lost) and prefers a deflected gamepad', () => {
    const { sticks, sent } = loop(0, [0, 0, 0, -1]);
    clock().advance(500);
    expect(sent.at(-1)?.pitch).toBe(STICK_MAX);
    sticks.stop();
    const pad = loop(0, [0, 0, 0, 0]);
    pad.sticks.press('KeyD');
    clock().advance(500);
    expect(pad.sent.at(-1)?.roll).toBe(STICK_MAX);
    pad.sticks.release();
    pad.sent.length = 0;
    clock().advance(100);
    expect(pad.sent).toEqual([toStickData(CENTRED)]);
  });
});

describe('the worker-side DRC sender', () => {
  it('numbers every drc/down message with one rising seq, sticks at QoS 0, e-stop at QoS 1', async () => {
    const out: { topic: string; payload: JsonObject; qos: number }[] = [];
    let now = 1_000;
    const sender = new DrcSender({
      publish: (topic, payload, qos) => {
        out.push({ topic, payload, qos });
        return Promise.resolve();
      },
      now: () => now++,
    });
    await expect(sender.send({ method: 'heart_beat' })).rejects.toThrow();
    sender.open('DOCK1', null);
    await sender.send({ method: 'heart_beat' });
    await sender.send({ method: 'stick_control', data: toStickData(CENTRED) });
    const stop = await sender.send({ method: 'drone_emergency_stop' });
    expect(stop.seq).toBe(3);
    expect(out.map((o) => o.payload.seq)).toEqual([1, 2, 3]);
    expect(out.map((o) => o.qos)).toEqual([0, 0, 1]);
    expect(out[0]?.topic).toBe('thing/product/DOCK1/drc/down');
    expect(out[0]?.payload.data).toEqual({ timestamp: out[0]?.payload.timestamp });
    sender.open('DOCK1', null);
    await sender.send({ method: 'heart_beat' });
    expect(out.at(-1)?.payload.seq).toBe(1);
  });

  it('hands only the session dock’s drc/up to the listener, typed', () => {
    const got: string[] = [];
    const sender = new DrcSender({ publish: () => Promise.resolve(), now: () => 5 });
    sender.open('DOCK1', ({ message }) => got.push(message.method));
    const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    sender.take(
      'thing/product/DOCK2/drc/up',
      enc({ method: 'heart_beat', seq: 1, data: { timestamp: 1 } }),
    );
    sender.take(
      'thing/product/DOCK1/drc/up',
      enc({ method: 'heart_beat', seq: 1, data: { timestamp: 1 } }),
    );
    sender.take('thing/product/DOCK1/drc/up', new TextEncoder().encode('{oops'));
    sender.take(
      'thing/product/DOCK1/drc/up',
      enc({ method: 'delay_info_push', seq: 2, data: { sdr_cmd_delay: 40 } }),
    );
    expect(got).toEqual(['heart_beat', 'delay_info_push']);
  });
});
