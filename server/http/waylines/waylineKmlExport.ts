import type { FastifyReply, FastifyRequest } from 'fastify';
import { KML_CONTENT_TYPE } from '../../../protocol/waylineInterchange.ts';
import { routeKml, type KmlWords } from '../../waylines/interchange/kmlWrite.ts';
import { readKmzOffThread } from '../../waylines/readOffThread.ts';
import { WaylineFileError } from '../../waylines/WaylineFileError.ts';
import { ApiError } from '../ApiError.ts';
import type { AppDeps } from '../context.ts';
import { callerOf } from '../context.ts';
import { message, type Lang } from '../messages.ts';
import { scopedWayline, waylineNotFound } from './waylineQueries.ts';
import { langOf } from './waylineWarnings.ts';

/** The words written into an exported KML, in `lang`. */
function kmlWords(lang: Lang): KmlWords {
  return {
    heights: (mode) =>
      message(
        mode === 'WGS84'
          ? 'wayline_kml.heights_ellipsoid'
          : mode === 'realTimeFollowSurface'
            ? 'wayline_kml.heights_surface'
            : 'wayline_kml.heights_relative',
        lang,
      ),
    area: message('wayline_kml.area', lang),
    waypoints: message('wayline_kml.waypoints', lang),
    wayline: (ordinal) => message('wayline_kml.wayline', lang, { ordinal }),
    capped: (max) => message('wayline_kml.capped', lang, { max }),
  };
}

/** Characters RFC 5987 lets an encoded file name carry bare. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+.^_`|~-]$/;

/** `Content-Disposition` of an attachment: an ASCII name for old clients, UTF-8 (RFC 5987) for all. */
function attachmentOf(fileName: string): string {
  const ascii = fileName.replace(/[^ -~]|["\\%]/g, '_');
  const encoded = [...new TextEncoder().encode(fileName)]
    .map((b) => {
      const c = String.fromCharCode(b);
      return ATTR_CHAR.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * `GET …/export/kml?id=`: a stored route as KML for Google Earth, as an attachment named after the
 * route. The same 404 as the KMZ download for a route that is missing or in another project.
 */
export async function sendRouteKml(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  waylineId: number,
): Promise<FastifyReply> {
  const row = await scopedWayline(deps.db, callerOf(request), waylineId);
  const object = await deps.storage.get(row.object_key);
  if (!object) throw waylineNotFound();
  let route;
  try {
    route = (await readKmzOffThread(object.body, 'route')).route;
  } catch (error) {
    if (error instanceof WaylineFileError) throw new ApiError(400, error.problem, error.params);
    throw error;
  }
  const kml = routeKml(row.name, route, kmlWords(langOf(request)));
  return reply
    .header('content-type', `${KML_CONTENT_TYPE}; charset=utf-8`)
    .header('content-disposition', attachmentOf(`${row.name}.kml`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(kml);
}
