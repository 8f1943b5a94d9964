import { z } from 'zod';
import { MODELS } from '../../../protocol/mqtt/models.ts';
import { MAX_WAYPOINTS } from '../../waylines/readPaths.ts';

/**
 * The route the map editor sends to be written as a KMZ (`WaylineRoute`, protocol §6). Every enum is
 * WPML's own and every number within the range DJI documents, so a refusal names the field instead
 * of the writer producing a file Pilot 2 would reject.
 */

const word = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z][\w.]*$/);
const shortText = z.string().max(200);
const lng = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
/** m; heights are relative to take-off or ellipsoidal, both within ±1500 m of any real pad. */
const height = z.number().min(-1500).max(1500);
/** m/s (protocol §6.3). */
const speed = z.number().min(1).max(15);
const index = z.number().int().min(0).max(MAX_WAYPOINTS);
/** ms since 1970; a ZIP entry's date must lie in 1980–2099, and the update time stamps the entries. */
const fileTime = z
  .number()
  .int()
  .min(Date.UTC(1980, 0, 2))
  .max(Date.UTC(2099, 11, 31));

const action = z.object({
  id: index,
  func: word,
  params: z.record(word, shortText).refine((p) => Object.keys(p).length <= 40, 'too many'),
});

const actionGroup = z.object({
  id: index,
  startIndex: index,
  endIndex: index,
  mode: z.enum(['sequence', 'parallel']),
  trigger: z.object({
    type: z.enum(['reachPoint', 'betweenAdjacentPoints', 'multipleTiming', 'multipleDistance']),
    param: shortText.optional(),
  }),
  actions: z.array(action).max(100),
});

const waylinePoint = z.object({
  index,
  lng,
  lat,
  height,
  speed,
  headingMode: z.enum(['followWayline', 'manually', 'fixed', 'smoothTransition', 'towardPOI']),
  headingAngle: z.number().min(-180).max(180).optional(),
  turnMode: z.enum([
    'coordinateTurn',
    'toPointAndStopWithDiscontinuityCurvature',
    'toPointAndStopWithContinuityCurvature',
    'toPointAndPassWithContinuityCurvature',
  ]),
  turnDampingDist: z.number().min(0).max(1000),
  useStraightLine: z.number().int().min(0).max(1).optional(),
  gimbalPitch: z.number().min(-120).max(45).optional(),
  actionGroups: z.array(actionGroup).max(100),
});

const path = z.object({
  templateId: index,
  waylineId: index,
  autoFlightSpeed: speed,
  executeHeightMode: z.enum(['WGS84', 'relativeToStartPoint', 'realTimeFollowSurface']),
  points: z
    .array(waylinePoint)
    .min(1)
    .max(MAX_WAYPOINTS)
    .refine((points) => points.every((p, i) => p.index === i), 'indexes must count 0, 1, 2, …')
    .refine(
      (points) =>
        points.every((p) =>
          p.actionGroups.every((g) => g.startIndex <= g.endIndex && g.endIndex < points.length),
        ),
      'action groups must name waypoints of the route',
    ),
});

const mission = z
  .object({
    flyToWaylineMode: z.enum(['safely', 'pointToPoint']),
    finishAction: z.enum(['goHome', 'noAction', 'autoLand', 'gotoFirstWaypoint']),
    exitOnRCLost: z.enum(['goContinue', 'executeLostAction']),
    executeRCLostAction: z.enum(['goBack', 'landing', 'hover']).optional(),
    takeOffSecurityHeight: z.number().min(1.2).max(1500),
    globalTransitionalSpeed: speed,
    globalRTHHeight: z.number().min(2).max(1500).optional(),
    droneEnumValue: z.number().int().min(0).max(65535),
    droneSubEnumValue: z.number().int().min(0).max(65535),
    payloadEnumValue: z.number().int().min(0).max(65535).optional(),
    payloadPositionIndex: z.number().int().min(0).max(10).optional(),
  })
  .refine((m) => MODELS[`0-${m.droneEnumValue}-${m.droneSubEnumValue}`] !== undefined, {
    message: 'unknown aircraft',
    path: ['droneEnumValue'],
  })
  .refine((m) => m.exitOnRCLost === 'goContinue' || m.executeRCLostAction !== undefined, {
    message: 'required with executeLostAction',
    path: ['executeRCLostAction'],
  });

const heightMode = z.enum([
  'EGM96',
  'WGS84',
  'relativeToStartPoint',
  'aboveGroundLevel',
  'realTimeFollowSurface',
]);

/** Template settings kept as `path → text`; a mapping template's area settings sit under `Placemark/`. */
const extra = z
  .array(
    z.tuple([
      z
        .string()
        .max(200)
        .regex(/^(Placemark\/)?wpml:[A-Za-z][\w]*(\/wpml:[A-Za-z][\w]*)*$/),
      shortText,
    ]),
  )
  .max(200);

/** Corners of a mapping area, not closed; a planner's polygon has a few dozen at most. */
const polygon = z
  .array(z.tuple([lng, lat]))
  .min(3)
  .max(1000);

/**
 * Holes of a mapping area, each a ring like `polygon`. A traced pond may have more corners than a
 * planner's outline, so they are bounded together by the route's waypoint limit, which also bounds
 * every vertex an imported file may hold: an import never makes holes this refuses.
 */
const holes = z
  .array(
    z
      .array(z.tuple([lng, lat]))
      .min(3)
      .max(MAX_WAYPOINTS),
  )
  .max(MAX_WAYPOINTS)
  .refine(
    (rings) => rings.reduce((n, ring) => n + ring.length, 0) <= MAX_WAYPOINTS,
    `at most ${String(MAX_WAYPOINTS)} corners of holes in all`,
  );

const template = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('waypoint'),
    templateId: index,
    autoFlightSpeed: speed,
    heightMode,
    extra,
  }),
  // The editor's lawn-mower route: the area and its settings, flown as the waylines it generated.
  z.object({
    type: z.literal('mapping2d'),
    templateId: index,
    autoFlightSpeed: speed,
    heightMode,
    extra,
    polygon,
    holes: holes.optional(),
  }),
]);

/** Waylines one file may hold: a mapping3d template makes five; planners rarely go past a few. */
const MAX_WAYLINES = 64;

/**
 * A route to write: its waylines (each its own `Folder`, ids unique), its template and mission;
 * all waylines together within the waypoint limit the importer applies.
 */
export const waylineRouteSchema = z.object({
  wpmzVersion: z.string().regex(/^1\.0\.\d{1,3}$/),
  author: z.string().max(100).optional(),
  createTime: fileTime.optional(),
  updateTime: fileTime.optional(),
  mission,
  template,
  paths: z
    .array(path)
    .min(1)
    .max(MAX_WAYLINES)
    .refine(
      (paths) => new Set(paths.map((p) => p.waylineId)).size === paths.length,
      'each wayline needs its own waylineId',
    )
    .refine(
      (paths) => paths.reduce((n, p) => n + p.points.length, 0) <= MAX_WAYPOINTS,
      `at most ${String(MAX_WAYPOINTS)} waypoints in all`,
    ),
});
