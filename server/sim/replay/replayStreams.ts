import type { UnitFrames } from './fleetFrames.ts';
import type { Frame } from './frames.ts';
import type { RawClient } from './rawClient.ts';
import { sendFrame } from './sendFrame.ts';

/** One stream of the replay: a token bucket the replay's clock drains. */
export interface Stream {
  kind: 'osd' | 'dock' | 'state' | 'events';
  /** Sends per second (each of `messages` messages). */
  perSecond: number;
  /** Messages one send publishes: a unit's states go out as two (the dock's and the aircraft's). */
  messages: number;
  sent: number;
  next: number;
  send(index: number, now: number): void;
  size: number;
}

/** The rates the replay offers, per stream. */
export interface StreamRates {
  aircraft: number;
  /** osd per aircraft per second. */
  rate: number;
  /** Units whose dock also publishes its osd, at `dockRate`. */
  docks: number;
  dockRate: number;
  /** Seconds between `state` messages (aircraft + dock) of a unit; 0 = none. */
  stateEvery: number;
  /** Seconds between events of a unit; 0 = none. */
  eventEvery: number;
  /** Which event: the dock's `hms` (default) or the aircraft's `gas_reading` (stored per message). */
  eventMethod?: 'hms' | 'gas_reading';
}

/**
 * The streams a replay publishes (aircraft osd, dock osd, states, events), leaving out those the
 * options turn off; each sends one unit's message at a time on that unit's connection.
 */
export function replayStreams(
  o: StreamRates,
  units: UnitFrames[],
  clientOf: RawClient[],
): Stream[] {
  const variant = new Uint8Array(units.length);
  const unitAt = (i: number): UnitFrames => units[i] as UnitFrames;
  const defined: Omit<Stream, 'sent' | 'next'>[] = [
    {
      kind: 'osd',
      perSecond: o.aircraft * o.rate,
      messages: 1,
      size: units.length,
      send(i, now) {
        const u = unitAt(i);
        const v = variant[i] ?? 0;
        variant[i] = (v + 1) % u.aircraftOsd.length;
        sendFrame(u.aircraftOsd[v] as Frame, clientOf[i] as RawClient, now);
      },
    },
    {
      kind: 'dock',
      perSecond: Math.min(o.docks, units.length) * o.dockRate,
      messages: 1,
      size: Math.min(o.docks, units.length),
      send: (i, now) => sendFrame(unitAt(i).dockOsd, clientOf[i] as RawClient, now),
    },
    {
      kind: 'state',
      perSecond: o.stateEvery > 0 ? units.length / o.stateEvery : 0,
      messages: 2,
      size: units.length,
      send(i, now) {
        sendFrame(unitAt(i).aircraftState, clientOf[i] as RawClient, now);
        sendFrame(unitAt(i).dockState, clientOf[i] as RawClient, now);
      },
    },
    {
      kind: 'events',
      perSecond: o.eventEvery > 0 ? units.length / o.eventEvery : 0,
      messages: 1,
      size: units.length,
      send: (i, now) =>
        sendFrame(
          o.eventMethod === 'gas_reading' ? unitAt(i).gas : unitAt(i).hms,
          clientOf[i] as RawClient,
          now,
        ),
    },
  ];
  return defined
    .filter((s) => s.perSecond > 0 && s.size > 0)
    .map((s) => ({ ...s, sent: 0, next: 0 }));
}
