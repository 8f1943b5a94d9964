import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { syntheticOsd } from './syntheticOsd.ts';

/** One frame of load: the topic and encoded `osd` envelope of every device. */
export interface LoadFrame {
  topics: string[];
  payloads: Uint8Array[];
}

/** Base of the synthetic payload clock, ms since epoch. */
const T0 = 1_700_000_000_000;
/** Device publish period in the synthetic load, ms: 10 Hz, the stress rate. */
const PUBLISH_PERIOD_MS = 100;

/** Serial number of synthetic device `index`, shaped like a real one (letters and digits only). */
export const deviceSn = (index: number): string => `1581F5BK${String(index).padStart(6, '0')}`;

/**
 * Pre-encodes `frames` frames of `devices` aircraft so the measured loop only decodes: encoding is
 * the device's cost, not the console's.
 */
export function buildLoad(devices: number, frames: number): LoadFrame[] {
  const encoder = new TextEncoder();
  const load: LoadFrame[] = [];
  for (let step = 0; step < frames; step++) {
    const topics: string[] = [];
    const payloads: Uint8Array[] = [];
    for (let i = 0; i < devices; i++) {
      const sn = deviceSn(i);
      const body = {
        tid: `tid-${step}-${i}`,
        bid: 'bid-0',
        timestamp: T0 + step * PUBLISH_PERIOD_MS,
        gateway: `DOCK${sn}`,
        data: syntheticOsd(i, step),
      };
      topics.push(thingTopic(sn, 'osd'));
      payloads.push(encoder.encode(JSON.stringify(body)));
    }
    load.push({ topics, payloads });
  }
  return load;
}
