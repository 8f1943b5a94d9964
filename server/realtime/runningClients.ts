import type { ConsoleRelay } from '../mqtt/dynsec/consoleRelay.ts';
import type { MosquittoFleet } from '../mqtt/dynsec/mosquittoFleet.ts';
import type { EmbeddedBroker } from '../mqtt/embeddedBroker.ts';
import type { Ingestion } from '../mqtt/ingestion.ts';
import type { TrackPartitionUpkeep } from '../mqtt/trackPartitions.ts';

/** The realtime side's broker and server clients, each null until it started (or when off). */
export interface RunningClients {
  broker: EmbeddedBroker | null;
  mosquitto: MosquittoFleet | null;
  relay: ConsoleRelay | null;
  ingestion: Ingestion | null;
  trackUpkeep: TrackPartitionUpkeep | null;
}
