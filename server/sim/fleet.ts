/**
 * The simulated fleet's identities: one dock gateway with its aircraft per unit, placed around a
 * centre. Everything derives from the seed and the unit's index, so the same options give the same
 * fleet, serial numbers and secrets on every start.
 */
import { createHmac } from 'node:crypto';
import { DOCK_AIRCRAFT, MODELS, parseModelKey } from '../../protocol/mqtt/models.ts';
import { offset } from '../physics/geodesy.ts';
import type { LatLng } from '../physics/geodesy.ts';
import { createRng, mixSeed } from './rng.ts';

export interface SimDeviceDef {
  sn: string;
  name: string;
  modelKey: string;
  modelName: string;
  domain: number;
  type: number;
  subType: number;
  firmware: string;
}

export interface SimUnitDef {
  index: number;
  dock: SimDeviceDef;
  aircraft: SimDeviceDef;
  /** Where the dock stands. */
  home: LatLng;
  /** Ellipsoid height of the dock's landing pad, m. */
  homeHeight: number;
}

export interface FleetOptions {
  drones: number;
  seed: number;
  center: LatLng;
  /** Serial-number prefix (alphanumeric), so several fleets can share one broker; default `SIM`. */
  prefix?: string;
}

export const DEFAULT_CENTER: LatLng = { lat: 22.54, lng: 113.95 };
export const DEFAULT_SEED = 20_240_601;
/** Docks spread over a disc of this radius, m: a city district. */
const SPREAD_RADIUS_M = 6_000;
/** The Dock 2 / Matrice 3D pair is the common one; Dock 3 and Dock 1 add variety. */
const DOCK_MODELS = ['3-2-0', '3-2-0', '3-3-0', '3-1-0'] as const;
const FIRMWARE: Readonly<Record<string, string>> = { '3': '10.01.1612', '0': '13.01.0102' };

function device(sn: string, modelKey: string, label: string): SimDeviceDef {
  const triple = parseModelKey(modelKey) ?? { domain: 0, type: 0, sub_type: 0 };
  return {
    sn,
    name: `${label} ${MODELS[modelKey] ?? modelKey}`,
    modelKey,
    modelName: MODELS[modelKey] ?? 'unknown',
    domain: triple.domain,
    type: triple.type,
    subType: triple.sub_type,
    firmware: FIRMWARE[String(triple.domain)] ?? '01.00.0000',
  };
}

const pad = (n: number): string => String(n).padStart(6, '0');

export const DEFAULT_SN_PREFIX = 'SIM';

/** Serial numbers are alphanumeric like DJI's and say they are simulated. */
export const dockSn = (index: number, prefix = DEFAULT_SN_PREFIX): string =>
  `${prefix}DOCK${pad(index)}`;
export const aircraftSn = (index: number, prefix = DEFAULT_SN_PREFIX): string =>
  `${prefix}UAV${pad(index)}`;

/** Builds the fleet definition. */
export function buildFleet(options: FleetOptions): SimUnitDef[] {
  return Array.from({ length: options.drones }, (_, index) => {
    const rng = createRng(mixSeed(options.seed, index));
    const dockModel = rng.pick(DOCK_MODELS);
    const aircraftModel = rng.pick(DOCK_AIRCRAFT[dockModel] ?? ['0-91-0']);
    const radius = SPREAD_RADIUS_M * Math.sqrt(rng.next());
    const angle = rng.range(0, 2 * Math.PI);
    const label = `#${index + 1}`;
    return {
      index,
      dock: device(dockSn(index, options.prefix), dockModel, label),
      aircraft: device(aircraftSn(index, options.prefix), aircraftModel, label),
      home: offset(options.center, radius * Math.sin(angle), radius * Math.cos(angle)),
      homeHeight: rng.range(8, 40),
    };
  });
}

/** The device secret of a simulated gateway: reproducible from the key, unguessable without it. */
export function simSecret(sn: string, key: string): string {
  return createHmac('sha256', key).update(sn).digest('hex');
}
