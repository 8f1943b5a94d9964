export interface IngestionStats {
  received: number;
  dropped: number;
  /** Well-formed messages of serial numbers that are not registered. */
  unknownDevice: number;
  trackPoints: number;
  writeErrors: number;
}
