import type { JsonObject } from '../../protocol/telemetry.ts';

type Fleet = Record<string, JsonObject>;

/**
 * The straightforward design the core replaces: per message, parse it, merge it into the fleet
 * and post the state to the main thread at once. `postMessage` structured-clones what it sends, so
 * each emit is a `structuredClone`. `scope: 'fleet'` posts the whole fleet (the baseline);
 * `scope: 'device'` posts only the updated device, a kinder baseline kept for context.
 */
export class NaiveBaseline {
  private readonly fleet: Fleet = {};
  private readonly decoder = new TextDecoder();
  emitted = 0;

  constructor(
    private readonly scope: 'fleet' | 'device',
    private readonly sink: (posted: unknown) => void,
  ) {}

  /** Handles one message the naive way. */
  push(topic: string, payload: Uint8Array): void {
    const sn = topic.split('/')[2] ?? '';
    const message = JSON.parse(this.decoder.decode(payload)) as { data: JsonObject };
    const device = { ...this.fleet[sn], ...message.data };
    this.fleet[sn] = device;
    this.sink(structuredClone(this.scope === 'fleet' ? this.fleet : device));
    this.emitted++;
  }
}
