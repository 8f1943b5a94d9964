import type { BrokerAccount } from './DeviceGateway.ts';

/** The MQTT connection under the gateway, narrowed to what it uses (tests drive a fake one). */
export interface BrokerSession {
  /** Adds topic filters; they are subscribed again after every reconnect. */
  subscribe(filters: readonly string[]): Promise<void>;
  publish(topic: string, payload: string, qos: 0 | 1): void;
  onMessage(listener: (topic: string, payload: Buffer) => void): void;
  connected(): boolean;
  close(): Promise<void>;
}

/** Opens a session; resolves once connected, or after a bounded wait while it keeps retrying. */
export type OpenSession = (account: BrokerAccount) => Promise<BrokerSession>;
