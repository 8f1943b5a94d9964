import type { JsonObject } from '../../protocol/telemetry.ts';
import { reparseData } from './decode.ts';
import type { RawPayload } from './decode.ts';

/** Buffer sizes grow in steps of this many bytes, so payloads of varying length rarely regrow it. */
const GROWTH_STEP = 1024;

/**
 * A device's own copy of one accepted payload, to be parsed again if its body is still needed when
 * the device's delta is built. The bytes are copied into a buffer the record owns and reuses: that
 * costs a copy and leaves nothing for the garbage collector, where keeping the decoded string made
 * the collector copy and promote every 2.4 kB text, and keeping the caller's bytes would hold on to
 * a buffer the MQTT client (and the DRC link, which reads the same payload) own.
 */
export class PayloadCopy {
  private bytes = new Uint8Array(0);
  private length = 0;
  /** A payload that came as a string: strings are immutable, so it is kept as it is. */
  private text: string | null = null;

  /** Keeps `payload` (a `decodeMessage`-accepted one), replacing the previous. */
  keep(payload: RawPayload): void {
    if (typeof payload === 'string') {
      this.text = payload;
      return;
    }
    this.text = null;
    if (payload.length > this.bytes.length) {
      this.bytes = new Uint8Array(Math.ceil(payload.length / GROWTH_STEP) * GROWTH_STEP);
    }
    this.bytes.set(payload);
    this.length = payload.length;
  }

  /** The kept payload's `data` body, parsed again. */
  data(): JsonObject {
    return reparseData(this.text ?? this.bytes.subarray(0, this.length));
  }
}
