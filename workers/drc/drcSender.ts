/**
 * The worker side of a cockpit session: it stamps every `drc/down` message with the session's rising
 * top-level `seq` (protocol §5.2: one counter per link keeps order across sticks and heartbeats), and
 * hands the session's `drc/up` messages straight to the page rather than through the 100 ms fleet
 * frame, because the heartbeat echo measures link latency and must not wait for a frame.
 */
import type { DrcOutgoing, DrcUpListener } from '../../protocol/cockpitLink.ts';

import { thingTopic } from '../../protocol/mqtt/topics.ts';
import type { JsonObject } from '../../protocol/telemetry.ts';
import { parseDrcUp } from './parseDrcUp.ts';

export type DrcQos = 0 | 1;

export interface DrcSenderDeps {
  publish(topic: string, payload: JsonObject, qos: DrcQos): Promise<void>;
  now(): number;
}

export class DrcSender {
  private gateway: string | null = null;
  /** The open session's `drc/up` topic, built once: `take` compares it with every message. */
  private upTopic: string | null = null;
  private seq = 0;
  private listener: DrcUpListener | null = null;

  constructor(private readonly deps: DrcSenderDeps) {}

  /** Starts a session with `gatewaySn` (the dock); a new session counts `seq` from 1 again. */
  open(gatewaySn: string, listener: DrcUpListener | null): void {
    this.gateway = gatewaySn;
    this.upTopic = thingTopic(gatewaySn, 'drc/up');
    this.seq = 0;
    this.listener = listener;
  }

  close(): void {
    this.gateway = null;
    this.upTopic = null;
    this.listener = null;
  }

  /** The gateway of the open session, or `null`. */
  get session(): string | null {
    return this.gateway;
  }

  /**
   * Publishes one message; answers the `seq` and `timestamp` it went out with. Sticks go at QoS 0
   * (a lost one is replaced 100 ms later), an emergency stop at QoS 1 (protocol §5.4).
   */
  async send(out: DrcOutgoing): Promise<{ seq: number; timestamp: number }> {
    if (this.gateway === null) throw new Error('No DRC session is open');
    this.seq += 1;
    const seq = this.seq;
    const timestamp = this.deps.now();
    const data: JsonObject = dataOf(out, timestamp);
    const payload: JsonObject = { method: out.method, seq, timestamp, data };
    const qos: DrcQos = out.method === 'drone_emergency_stop' ? 1 : 0;
    await this.deps.publish(thingTopic(this.gateway, 'drc/down'), payload, qos);
    return { seq, timestamp };
  }

  /**
   * Offers every incoming message; those on the session's `drc/up` go to the listener, parsed here
   * and nowhere else. Answers whether the message was the session's (then nobody else needs it).
   */
  take(topic: string, payload: Uint8Array): boolean {
    if (topic !== this.upTopic) return false;
    if (this.listener === null) return true;
    const message = parseDrcUp(payload);
    if (message === null) return true;
    const result = this.listener({ message, receivedAt: this.deps.now() });
    // A comlink listener whose page has gone rejects; nothing is left to tell.
    if (result instanceof Promise) result.catch(() => undefined);
    return true;
  }
}

function dataOf(out: DrcOutgoing, timestamp: number): JsonObject {
  switch (out.method) {
    case 'stick_control':
      return { ...out.data };
    case 'heart_beat':
      return { timestamp };
    case 'drone_emergency_stop':
      return {};
  }
}
