/**
 * The cockpit's live DRC data: the newest `osd_info_push` and `hsi_info_push`, the dock's reported
 * delays, and the link health behind the latency guard. Fed by the worker's `drc/up` listener, read
 * by React through {@link CockpitFeed.subscribe} / {@link CockpitFeed.version}.
 */
import type { DrcHsiInfo, DrcOsdInfo, DrcUpMessage } from '../../../protocol/mqtt/drc.ts';
import type { DrcUpDelivery } from '../../../protocol/cockpitLink.ts';
import { LinkHealth } from '../../lib/sticks/linkHealth.ts';

export interface CockpitLive {
  osd: DrcOsdInfo | null;
  /** When the newest osd was received, ms since epoch. */
  osdAt: number | null;
  hsi: DrcHsiInfo | null;
  /** Video latency per stream the dock reports, ms (from `delay_info_push`, when given). */
  videoDelayMs: number | null;
  /** Result of the newest emergency stop the dock answered. */
  stopResult: number | null;
}

const EMPTY: CockpitLive = {
  osd: null,
  osdAt: null,
  hsi: null,
  videoDelayMs: null,
  stopResult: null,
};

export class CockpitFeed {
  health: LinkHealth;
  live: CockpitLive = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly stopRefusals = new Set<(result: number) => void>();
  private revision = 0;

  constructor(now: number) {
    this.health = new LinkHealth(now);
  }

  /** Starts over for a new session. */
  reset(now: number): void {
    this.health = new LinkHealth(now);
    this.live = EMPTY;
    this.changed();
  }

  take({ message, receivedAt }: DrcUpDelivery): void {
    this.health.received(receivedAt);
    this.apply(message, receivedAt);
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  version = (): number => this.revision;

  /** Calls `listener` with the code of every emergency stop the dock refuses; returns its removal. */
  onStopRefused = (listener: (result: number) => void): (() => void) => {
    this.stopRefusals.add(listener);
    return () => this.stopRefusals.delete(listener);
  };

  private apply(message: DrcUpMessage, at: number): void {
    switch (message.method) {
      case 'osd_info_push':
        this.live = { ...this.live, osd: message.data, osdAt: at };
        return;
      case 'hsi_info_push':
        this.live = { ...this.live, hsi: message.data };
        return;
      case 'delay_info_push':
        this.health.commandDelay(message.data.sdr_cmd_delay);
        this.live = { ...this.live, videoDelayMs: videoDelay(message.data) };
        return;
      case 'heart_beat':
        this.health.echo(message.data.timestamp, at);
        return;
      case 'drone_emergency_stop':
        this.live = { ...this.live, stopResult: message.data.result };
        // Each refusal is its own event: a second one with the same code must be told again.
        if (message.data.result !== 0)
          for (const listener of this.stopRefusals) listener(message.data.result);
        return;
      case 'drone_control':
        return;
    }
  }

  private changed(): void {
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }
}

/** The first stream's delay in `liveview_delay_list`, which the typed message does not declare. */
function videoDelay(data: object): number | null {
  const list: unknown = Reflect.get(data, 'liveview_delay_list');
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  if (typeof first !== 'object' || first === null) return null;
  const ms: unknown = Reflect.get(first, 'liveview_delay_time');
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}
