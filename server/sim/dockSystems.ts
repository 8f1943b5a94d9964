/**
 * The dock's own systems beside the aircraft: cabinet climate (the air conditioner holds the inside
 * temperature), power, network links, media storage and upload queue, and the service counters a
 * real dock reports. Stepped with the unit; `dockMessages.ts` turns it into `osd` fields.
 */
import type { Rng } from './rng.ts';
import type { Weather } from './weather.ts';

/** air_conditioner_state values (protocol §2.2). */
export const AC_IDLE = 0;
export const AC_COOLING = 1;
export const AC_HEATING = 2;
export const AC_DEHUMIDIFY = 3;

/** The cabinet is kept between these, °C: batteries charge safely there. */
const CABINET_MAX_C = 30;
const CABINET_MIN_C = 8;
/** Media storage of a dock, KB (about 60 GB). */
export const STORAGE_TOTAL_KB = 62_500_000;
/** Media files one mission leaves to upload, and how fast they go, s per file. */
const FILES_PER_MISSION = [20, 80] as const;
const UPLOAD_S_PER_FILE = 6;
/** Size of one photo or clip, KB. */
const FILE_KB = [4_000, 40_000] as const;

export interface DockSystems {
  /** °C inside the cabinet. */
  inside: number;
  airConditioner: number;
  /** Seconds the air conditioner has been in its state. */
  acSince: number;
  storageUsedKb: number;
  remainUpload: number;
  uploadTimer: number;
  /** Missions flown since activation. */
  jobNumber: number;
  /** Seconds since the dock was activated (first power-on a little earlier). */
  ageS: number;
  /** Accumulated working time, s. */
  accTime: number;
  /** Missions since the last routine maintenance. */
  sortiesSinceService: number;
  /** Days between the last routine maintenance and start. */
  serviceAgeS: number;
  supplyVoltage: number;
  backupVoltage: number;
  batteryStoreMode: 1 | 2;
  network: { type: number; quality: number; rate: number };
  sdrQuality: number;
  lteQuality: number;
}

const DAY_S = 86_400;

/** A dock in service for a few months, its storage partly used. */
export function initialDockSystems(weather: Weather, rng: Rng): DockSystems {
  const ageS = rng.range(30, 400) * DAY_S;
  return {
    inside: Math.min(CABINET_MAX_C, weather.temperature + rng.range(-2, 1)),
    airConditioner: AC_IDLE,
    acSince: 0,
    storageUsedKb: Math.round(STORAGE_TOTAL_KB * rng.range(0.1, 0.6)),
    remainUpload: 0,
    uploadTimer: 0,
    jobNumber: rng.int(50, 900),
    ageS,
    accTime: Math.round(ageS * rng.range(0.85, 0.99)),
    sortiesSinceService: rng.int(0, 40),
    serviceAgeS: rng.range(2, 60) * DAY_S,
    supplyVoltage: rng.range(218, 232),
    backupVoltage: rng.range(25_000, 26_500),
    batteryStoreMode: rng.chance(0.7) ? 2 : 1,
    network: { type: rng.chance(0.7) ? 2 : 1, quality: rng.int(4, 5), rate: rng.range(800, 4_000) },
    sdrQuality: rng.int(4, 5),
    lteQuality: rng.int(3, 5),
  };
}

/** The air conditioner's choice for the cabinet now. */
function climateMode(d: DockSystems, weather: Weather): number {
  if (d.inside > CABINET_MAX_C - 1) return AC_COOLING;
  if (d.inside < CABINET_MIN_C + 1) return AC_HEATING;
  if (weather.humidity > 90) return AC_DEHUMIDIFY;
  return d.inside < CABINET_MAX_C - 4 && d.inside > CABINET_MIN_C + 4 ? AC_IDLE : d.airConditioner;
}

function stepClimate(d: DockSystems, weather: Weather, dt: number): void {
  const mode = climateMode(d, weather);
  if (mode !== d.airConditioner) {
    d.airConditioner = mode;
    d.acSince = 0;
  }
  d.acSince += dt;
  // The cabinet follows the outside air slowly; the air conditioner pulls it back.
  const drift = (weather.temperature + 3 - d.inside) * 0.002;
  const pull = mode === AC_COOLING ? -0.02 : mode === AC_HEATING ? 0.02 : 0;
  d.inside += (drift + pull) * dt;
}

/** A mission has just ended: its photos and clips wait to be uploaded. */
export function missionEnded(d: DockSystems, rng: Rng): void {
  const files = rng.int(...FILES_PER_MISSION);
  d.remainUpload += files;
  d.jobNumber += 1;
  d.sortiesSinceService += 1;
  d.storageUsedKb = Math.min(
    STORAGE_TOTAL_KB,
    d.storageUsedKb + Math.round(files * rng.range(...FILE_KB)),
  );
}

/** Advances the dock's systems by `dt` seconds. */
export function stepDockSystems(d: DockSystems, weather: Weather, dt: number, rng: Rng): void {
  stepClimate(d, weather, dt);
  d.ageS += dt;
  d.accTime += dt;
  d.serviceAgeS += dt;
  if (d.remainUpload > 0) {
    d.uploadTimer += dt;
    if (d.uploadTimer >= UPLOAD_S_PER_FILE) {
      d.uploadTimer -= UPLOAD_S_PER_FILE;
      d.remainUpload -= 1;
    }
  }
  d.supplyVoltage = Math.max(210, Math.min(240, d.supplyVoltage + rng.range(-0.2, 0.2) * dt));
  if (rng.chance(dt / 120)) d.network.quality = rng.int(3, 5);
  if (rng.chance(dt / 150)) d.lteQuality = rng.int(2, 5);
  d.network.rate = Math.max(100, Math.min(8_000, d.network.rate + rng.range(-50, 50) * dt));
}
