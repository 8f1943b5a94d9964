/**
 * The replay player under virtual time: it plays at the chosen speed (60× covers a minute of the
 * window in a second), pauses where it is, steps and seeks within the window, and stops on the
 * window's last instant.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';
import type { Player, PlayerState } from '../../../src/pages/replay/player.ts';
import { createPlayer, stepFor } from '../../../src/pages/replay/player.ts';

const FROM = Date.UTC(2026, 2, 10, 6);
const TO = FROM + 3_600_000;

describe('replay player', () => {
  let clock: VirtualClock;
  let restore: () => void;
  let player: Player;
  let seen: PlayerState[];

  beforeEach(() => {
    clock = new VirtualClock(Date.UTC(2026, 10, 28, 9));
    restore = installClock(clock);
    player = createPlayer(FROM, TO);
    seen = [];
    player.subscribe((s) => seen.push(s));
  });
  afterEach(() => {
    player.dispose();
    restore();
  });

  it('starts paused at the window start and does not move while paused', () => {
    clock.advance(10_000);
    expect(player.state()).toEqual({ from: FROM, to: TO, t: FROM, playing: false, speed: 1 });
    expect(seen).toEqual([]);
  });

  it('plays at 60×: one second of wall time is a minute of the window', () => {
    player.setSpeed(60);
    player.play();
    clock.advance(1_000);
    expect(player.state().t).toBe(FROM + 60_000);
    // Listeners heard every frame of that second (about 60), each with the cursor moving on.
    expect(seen.length).toBeGreaterThan(50);
    const times = seen.map((s) => s.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('pauses where it is, and plays on from there', () => {
    player.setSpeed(10);
    player.play();
    clock.advance(2_000);
    player.pause();
    const at = player.state().t;
    expect(at).toBe(FROM + 20_000);
    clock.advance(5_000);
    expect(player.state()).toMatchObject({ t: at, playing: false });
    player.play();
    clock.advance(1_000);
    expect(player.state().t).toBe(at + 10_000);
  });

  it('changes speed while playing without a jump', () => {
    player.play();
    clock.advance(1_000);
    player.setSpeed(30);
    expect(player.state().t).toBe(FROM + 1_000);
    clock.advance(1_000);
    expect(player.state().t).toBe(FROM + 31_000);
  });

  it('steps and seeks within the window, a step pausing playback', () => {
    player.play();
    clock.advance(500);
    player.step(1, 5_000);
    expect(player.state()).toMatchObject({ t: FROM + 5_500, playing: false });
    player.step(-1, 60_000);
    expect(player.state().t).toBe(FROM);
    player.seek(TO + 99_000);
    expect(player.state().t).toBe(TO);
    player.seek(FROM + 1_234);
    expect(player.state().t).toBe(FROM + 1_234);
  });

  it('stops on the last instant of the window, and plays again from its start', () => {
    player.setSpeed(60);
    player.seek(TO - 30_000);
    player.play();
    clock.advance(2_000);
    expect(player.state()).toMatchObject({ t: TO, playing: false });
    expect(seen.at(-1)).toMatchObject({ t: TO, playing: false });
    // No frame is left waiting once it stopped.
    expect(clock.pendingCount).toBe(0);
    player.play();
    expect(player.state().t).toBe(FROM);
  });

  it('keeps the cursor in a new window', () => {
    player.seek(FROM + 600_000);
    player.setWindow(FROM + 900_000, TO);
    expect(player.state().t).toBe(FROM + 900_000);
    player.setWindow(FROM, TO, FROM + 42_000);
    expect(player.state().t).toBe(FROM + 42_000);
  });

  it('picks a step of whole seconds that suits the window', () => {
    expect(stepFor(FROM, FROM + 60_000)).toBe(1_000);
    expect(stepFor(FROM, TO)).toBe(10_000);
    expect(stepFor(FROM, FROM + 86_400_000)).toBe(300_000);
  });
});
