/**
 * Device model triples `domain-type-sub_type` (protocol §9). Numeric `type` values collide across
 * domains (67 is an M30 aircraft and an M3T camera), so everything keys on the full triple.
 */
import type { DeviceKind } from '../telemetry.ts';

export interface ModelInfo {
  /** `domain-type-sub_type`, e.g. `3-2-0`. */
  key: string;
  name: string;
  kind: DeviceKind;
}

/** Known products by model key (protocol §9). */
export const MODELS: Readonly<Record<string, string>> = {
  '0-67-0': 'Matrice 30',
  '0-67-1': 'Matrice 30T',
  '0-77-0': 'Mavic 3E',
  '0-77-1': 'Mavic 3T',
  '0-77-2': 'Mavic 3M',
  '0-77-3': 'Mavic 3TA',
  '0-91-0': 'Matrice 3D',
  '0-91-1': 'Matrice 3TD',
  '0-99-0': 'Matrice 4E',
  '0-99-1': 'Matrice 4T',
  '0-100-0': 'Matrice 4D',
  '0-100-1': 'Matrice 4TD',
  '0-89-0': 'Matrice 350 RTK',
  '0-60-0': 'Matrice 300 RTK',
  '0-103-0': 'Matrice 400',
  '2-56-0': 'DJI RC',
  '2-119-0': 'DJI RC Plus',
  '2-174-0': 'DJI RC Plus 2',
  '2-144-0': 'DJI RC Pro Enterprise',
  '3-1-0': 'DJI Dock',
  '3-2-0': 'DJI Dock 2',
  '3-3-0': 'DJI Dock 3',
};

/** Aircraft each dock generation carries; the simulator pairs them this way. */
export const DOCK_AIRCRAFT: Readonly<Record<string, readonly string[]>> = {
  '3-1-0': ['0-67-0', '0-67-1'],
  '3-2-0': ['0-91-0', '0-91-1'],
  '3-3-0': ['0-100-0', '0-100-1'],
};

/** Aircraft a route may be planned for, by model key, with the payload (camera) each carries by default. */
export const ROUTE_AIRCRAFT: Readonly<Record<string, string>> = {
  '0-67-0': '1-52-0',
  '0-67-1': '1-53-0',
  '0-77-0': '1-66-0',
  '0-77-1': '1-67-0',
  '0-77-2': '1-68-0',
  '0-91-0': '1-80-0',
  '0-91-1': '1-81-0',
  '0-99-0': '1-88-0',
  '0-99-1': '1-89-0',
  '0-100-0': '1-98-0',
  '0-100-1': '1-99-0',
};

/** Builds the model key of a triple. */
export const modelKey = (domain: number, type: number, subType: number): string =>
  `${domain}-${type}-${subType}`;

/** Device kind from the domain of a triple; `'unknown'` for payloads and anything unexpected. */
export function domainKind(domain: unknown): DeviceKind {
  switch (domain) {
    case 0:
      return 'aircraft';
    case 2:
      return 'rc';
    case 3:
      return 'dock';
    default:
      return 'unknown';
  }
}

/** Model name and kind for a key; an unknown key keeps the key and is named `'unknown'`. */
export function modelInfo(key: string): ModelInfo {
  const domain = Number(key.split('-')[0]);
  return { key, name: MODELS[key] ?? 'unknown', kind: domainKind(domain) };
}

/** Splits `domain-type-sub_type`; `null` when it is not three integers. */
export function parseModelKey(
  key: string,
): { domain: number; type: number; sub_type: number } | null {
  const parts = key.split('-');
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p))) return null;
  const [domain, type, subType] = parts.map(Number) as [number, number, number];
  return { domain, type, sub_type: subType };
}
