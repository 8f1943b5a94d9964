import type { FastifyInstance } from 'fastify';
import { API } from '../../protocol/http.ts';
import { ApiError } from './ApiError.ts';
import { loadCaller } from './caller.ts';
import type { AppDeps } from './context.ts';

function isDocs(url: string): boolean {
  return url === API.docs || url.startsWith(`${API.docs}/`) || url.startsWith(`${API.docs}?`);
}

/**
 * Checks every request against its route's declared `access` before anything else runs (so a caller
 * without a token hears 401 even when the body is also bad). Routes that declare nothing are refused:
 * forgetting the declaration must not open a route.
 */
export function installAccessHook(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    // Swagger UI's own routes (registered by the plugin) are public documentation.
    if (!request.url.startsWith('/api/') || request.is404 || isDocs(request.url)) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (access === undefined) throw new ApiError(403, 'forbidden');
    const caller = await loadCaller(deps.db, deps.tokenSecret, request);
    request.caller = caller;
    if (access !== 'signed-in' && !caller.can(access)) throw new ApiError(403, 'forbidden');
  });
}
