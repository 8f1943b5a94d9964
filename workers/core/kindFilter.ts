import type { TelemetryEventKind } from '../../protocol/telemetry.ts';
import type { DecodedMessage } from './decode.ts';
import { eventKindOf } from './eventKind.ts';

/**
 * The event kinds the consumer's readers declared. An event of any other kind is turned away before
 * it is queued, so nobody pays for cloning it across the boundary; property messages always pass.
 * `null` (the default) lets every kind through, for a consumer that declares nothing (a test, the
 * benchmark).
 */
export class KindFilter {
  private wanted: ReadonlySet<TelemetryEventKind> | null = null;

  /** Replaces the declared kinds; `null` lets every kind through. */
  set(kinds: readonly TelemetryEventKind[] | null): void {
    this.wanted = kinds === null ? null : new Set(kinds);
  }

  /** Whether `message` is a property message or an event of a declared kind. */
  admits(message: DecodedMessage): boolean {
    if (this.wanted === null) return true;
    if (message.kind !== 'events' && message.kind !== 'drc/up') return true;
    return this.wanted.has(eventKindOf(message.kind, message.method ?? ''));
  }
}
