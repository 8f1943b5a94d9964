import { clock } from '../lib/clock.ts';
import type { Cancel } from '../lib/clock.ts';
import { renewalDelayMs } from '../lib/tokenRenewal.ts';
import type { BridgeInputs } from './bridgeInputs.ts';

/** The bridge's renewal of the broker token: when it is due, and the timer that renews it. */
export interface BridgeRenewal {
  /** Plans the renewal of the token just connected with (`null`: signed out, nothing to renew). */
  schedule(token: string | null): void;
  /** Whether the connected token is past its renewal point, or its point is unknown. */
  isDue(): boolean;
  /** Drops the planned renewal (the bridge stops). */
  cancel(): void;
}

/**
 * The broker ends a connection when its token expires, so a fresh token is fetched before that;
 * the store's change then reconnects the worker with it (see the bridge's `sync`). A control room
 * may leave the workbench open for hours without any other call that would refresh the token.
 */
export function createBridgeRenewal(
  inputs: Pick<BridgeInputs, 'token' | 'refresh'>,
  isStopped: () => boolean,
): BridgeRenewal {
  let cancelRenewal: Cancel | undefined;
  /** When the connected token is due for renewal (clock ms); `null` when unknown. */
  let renewAt: number | null = null;
  return {
    schedule: (token) => {
      cancelRenewal?.();
      cancelRenewal = undefined;
      const delay = token === null ? null : renewalDelayMs(token);
      renewAt = delay === null ? null : clock.now() + delay;
      if (delay === null) return;
      cancelRenewal = clock.setTimeout(() => {
        cancelRenewal = undefined;
        if (!isStopped() && inputs.token() === token) void inputs.refresh();
      }, delay);
    },
    isDue: () => renewAt === null || clock.now() >= renewAt,
    cancel: () => cancelRenewal?.(),
  };
}
