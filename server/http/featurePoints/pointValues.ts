import type { PointInput } from '../../featurePoints/pointSchema.ts';

/** The columns a point's fields are written to, in the order of {@link pointValues}. */
export const POINT_COLUMNS =
  'name, category, longitude, latitude, height, gimbal_pitch, gimbal_yaw, zoom, radius, classes, notes';

/** A point's fields as query parameters; `classes` goes in as JSON text for the jsonb column. */
export function pointValues(p: PointInput): unknown[] {
  return [
    p.name,
    p.category,
    p.longitude,
    p.latitude,
    p.height,
    p.gimbal_pitch,
    p.gimbal_yaw,
    p.zoom,
    p.radius,
    JSON.stringify(p.classes),
    p.notes,
  ];
}

/** `$from, $from+1, …` placeholders for the point's columns, with the jsonb cast. */
export function pointPlaceholders(from: number): string {
  return Array.from(
    { length: 11 },
    (_, i) => `$${String(from + i)}${i === 9 ? '::jsonb' : ''}`,
  ).join(', ');
}
