/**
 * The operator's endpoints, outside `/api` and the console's envelope because load balancers and
 * Prometheus read them: `GET /healthz` (the process answers), `GET /readyz` (every readiness check
 * passes and the server is not draining; 503 otherwise, naming each check) and `GET /metrics`
 * (Prometheus text format, behind `METRICS_TOKEN`).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../context.ts';

/** Paths of the operator endpoints (documented in the README's operations section). */
export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/** Registers the health, readiness and metrics endpoints, and the HTTP timing hook. */
export function registerOpsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { health, metrics } = deps;
  const noStore = { 'cache-control': 'no-store' };

  app.get(OPS_PATHS.health, { config: { access: 'public' } }, async (_request, reply) =>
    reply.headers(noStore).send({
      status: 'ok',
      uptime_s: Math.round((Date.now() - health.startedAt) / 1000),
    }),
  );

  app.get(OPS_PATHS.ready, { config: { access: 'public' } }, async (_request, reply) => {
    const readiness = await health.readiness();
    return reply
      .code(readiness.ready ? 200 : 503)
      .headers(noStore)
      .send(readiness);
  });

  const token = deps.config.metricsToken;
  if (metrics === null || token === undefined) return;

  app.get(OPS_PATHS.metrics, { config: { access: 'public' } }, async (request, reply) => {
    if (!sameSecret(bearerOf(request), token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'METRICS_TOKEN bearer token required' });
    const text = await metrics.registry.metrics();
    return reply.headers(noStore).type(metrics.registry.contentType).send(text);
  });

  // Routes are labelled by their template (`/api/task/:id`), never the raw URL, so the label
  // set stays bounded whatever callers send; unmatched requests share one label.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === OPS_PATHS.metrics) return;
    metrics.httpRequests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
