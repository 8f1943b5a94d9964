import type { TrackPointDto } from '../../protocol/alarms.ts';
import type { MqttConfig } from '../../protocol/http.ts';

/** What the bridge reads from and writes to the rest of the console. */
export interface BridgeInputs {
  /** The access token, `null` when signed out. */
  token(): string | null;
  /** The stored 6-digit client id. */
  clientId(): string;
  /** Serial numbers of the current project's devices. */
  serials(): readonly string[];
  /** Calls `listener` whenever the token or the serial numbers may have changed. */
  watch(listener: () => void): () => void;
  loadConfig(): Promise<MqttConfig>;
  /**
   * Gets a fresh access token through the HTTP client's shared refresh; resolves `true` when the
   * store holds a new one (which {@link BridgeInputs.watch} then reports).
   */
  refresh(): Promise<boolean>;
  setOnline(online: boolean): void;
  /**
   * Reads a device's stored track between two instants (ms since epoch); with it, histories are
   * backfilled after the link was lost (see `trackBackfill.ts`).
   */
  readTrack?: (sn: string, from: number, to: number) => Promise<readonly TrackPointDto[]>;
}
