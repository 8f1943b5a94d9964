import type { FleetDelta, JsonObject } from '../../../protocol/telemetry.ts';

/** The part of a delta a consumer acts on: per device its changed osd/state, and event methods. */
export interface DeltaSummary {
  seq: number;
  devices: Record<string, { osd?: JsonObject; state?: JsonObject; task?: JsonObject }>;
  events: string[];
}

/** Reduces a delta to what marble expectations compare. */
export function summarize(delta: FleetDelta): DeltaSummary {
  const devices: DeltaSummary['devices'] = {};
  for (const device of delta.devices) {
    const { osd, state, task } = device;
    devices[device.sn] = {
      ...(osd && { osd }),
      ...(state && { state }),
      ...(task && { task }),
    };
  }
  return { seq: delta.seq, devices, events: delta.events.map((e) => `${e.sn}:${e.method}`) };
}
