/**
 * The one reduction of a group of track points to the few that draw it faithfully, in SQL: its
 * first and last point, its lowest and highest, and its fastest. Each is the minimum or maximum of
 * an array led by its sort key (arrays compare element by element), so one hash aggregate finds all
 * five in a single pass. The per-minute thinning (trackRollup.ts) groups with it; the replay's
 * downsampling applies the same rule, ties included, in JavaScript (reduceTrack.ts), so a bucket of
 * thinned minutes keeps exactly the points it would keep of every stored one.
 */

/** A point as a float8 array: epoch ms, latitude, longitude, height, speed, battery, mode. */
const POINT = `date_part('epoch', ts) * 1000, latitude, longitude, height::float8,
  horizontal_speed::float8, battery_percent::float8, mode_code::float8`;

/**
 * The aggregates of a group over rows with `ts`, `latitude`, `longitude`, `height`,
 * `horizontal_speed`, `battery_percent` and `mode_code`: `first` and `last` are points; `low`,
 * `high` and `fast` carry their key (height, height, speed) in front of the point, and are null when
 * no row of the group has that key.
 */
export const KEPT_AGGREGATES = `min(array[${POINT}]) as first,
  max(array[${POINT}]) as last,
  min(array[height::float8, ${POINT}]) filter (where height is not null) as low,
  max(array[height::float8, ${POINT}]) filter (where height is not null) as high,
  max(array[horizontal_speed::float8, ${POINT}]) filter (where horizontal_speed is not null) as fast`;

/** The columns a point source gives the aggregates (device_tracks and device_track_keep alike). */
export const POINT_COLUMNS =
  'device_sn, ts, latitude, longitude, height, horizontal_speed, battery_percent, mode_code';
