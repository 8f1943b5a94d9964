/** Whether a device's clock may be believed: its payload timestamps against the server's clock. */
import type { Decoded } from '../decode.ts';

/** A payload timestamp further than this from the server clock is not trusted. */
const MAX_CLOCK_SKEW_MS = 24 * 3_600_000;

/** Whether a device's time `t` is near enough ours to be believed. */
export const believable = (t: number | undefined, now: number): t is number =>
  t !== undefined && Math.abs(t - now) < MAX_CLOCK_SKEW_MS;

/** Whether the message's own timestamp may be believed. */
export const trusted = (msg: Decoded, now: number): boolean => believable(msg.timestamp, now);

/** The message's time: its own timestamp when believable, else ours. */
export const timeOf = (msg: Decoded, now: number): number =>
  trusted(msg, now) ? (msg.timestamp ?? now) : now;
