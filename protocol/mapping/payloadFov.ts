/**
 * The horizontal field of view of each mapping-capable aircraft's default camera, by payload model
 * key (`1-type-sub_type`, the values of `ROUTE_AIRCRAFT`). The field of view is not a WPML element
 * and not in the device model table, so the mapping maths of the console and the server read it here.
 */

/** Horizontal fields of view, degrees, by payload model key. */
export const PAYLOAD_FOV_DEG: Readonly<Record<string, number>> = {
  '1-52-0': 84,
  '1-53-0': 84,
  '1-66-0': 73.7,
  '1-67-0': 73.7,
  '1-68-0': 73.7,
  '1-80-0': 73.7,
  '1-81-0': 73.7,
  '1-88-0': 73.7,
  '1-89-0': 73.7,
  '1-98-0': 73.7,
  '1-99-0': 73.7,
  '1-50-0': 63.5,
};

/** Field of view, degrees, for a payload not in the table: the wide camera most aircraft carry. */
export const DEFAULT_FOV_DEG = 73.7;

/** The field of view of `payloadKey`'s camera, degrees. */
export function payloadFovDeg(payloadKey: string): number {
  return PAYLOAD_FOV_DEG[payloadKey] ?? DEFAULT_FOV_DEG;
}
