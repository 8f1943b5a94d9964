import type { BrokerSession } from './BrokerSession.ts';

/** What the parts of one device gateway share: its broker sessions and whether it closed. */
export interface GatewayState {
  session: BrokerSession | null;
  /** The `deployment` lane's own session; null on a broker no other instance uses. */
  sharedSession: BrokerSession | null;
  /** Whether the `deployment` lane hears through `sharedSession` (an external broker). */
  shared: boolean;
  closed: boolean;
  /** `whenOpen` tasks waiting for the first session. */
  openTasks: (() => Promise<void>)[];
}

/** A gateway that has opened nothing yet. */
export const initialGatewayState = (): GatewayState => ({
  session: null,
  sharedSession: null,
  shared: false,
  closed: false,
  openTasks: [],
});
