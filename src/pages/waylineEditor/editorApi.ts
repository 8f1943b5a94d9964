import {
  WAYLINE_API,
  type Wayline,
  type WaylineSaveBody,
  type WaylineWithRoute,
} from '../../../protocol/waylines.ts';
import { http } from '../../api/http.ts';

/** A stored wayline and its parsed route; failures are shown by the client. */
export const fetchRoute = (id: number) => http.get<WaylineWithRoute>(WAYLINE_API.route, { id });

/** Writes an edited route: over the opened wayline when `id` is given, else as a new one. */
export const saveRoute = (body: WaylineSaveBody) =>
  body.id === undefined
    ? http.post<Wayline>(WAYLINE_API.create, body)
    : http.post<Wayline>(WAYLINE_API.save, body);
