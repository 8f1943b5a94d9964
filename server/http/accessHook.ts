import type { FastifyInstance } from 'fastify';
import { API } from '../../protocol/http.ts';
import { ApiError } from './ApiError.ts';
import { audit } from './audit.ts';
import type { AuditEntry } from './audit.ts';
import { bearer, loadCaller } from './caller.ts';
import type { AppDeps } from './context.ts';

function isDocs(url: string): boolean {
  return url === API.docs || url.startsWith(`${API.docs}/`) || url.startsWith(`${API.docs}?`);
}

/** Module and action of a refused change, named the way the route handlers audit theirs. */
function refusedChange(url: string): AuditEntry {
  const [, , resource = '', ...rest] = (url.split('?')[0] ?? '').split('/');
  // `/api/roles/add` and `/api/role/menu/update` both belong to the `role` module.
  const module = resource.replace(/s$/, '');
  return { module, action: rest.at(-1) ?? resource, result: 'failure', detail: 'forbidden' };
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
    // A valid token may still have been ended early (password change, disable, revoked family).
    if (!(await deps.tokenVersions.verify(deps.tokenSecret, bearer(request) ?? '')))
      throw new ApiError(401, 'auth.expired');
    request.caller = caller;
    if (access !== 'signed-in' && !caller.can(access)) {
      // A refused change is worth an audit row: someone tried something their role does not allow.
      if (request.method !== 'GET') await audit(deps.db, request, refusedChange(request.url));
      throw new ApiError(403, 'forbidden');
    }
  });
}
