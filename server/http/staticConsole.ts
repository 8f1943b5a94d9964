import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundFallback } from './errorHandler.ts';

/**
 * Serves the built console from `distDir`; returns the fallback that answers client-side routes
 * (`/device`, `/error/403`, …) with `index.html`. Without a build, nothing is served and `/` is a 404.
 */
export async function serveConsole(
  app: FastifyInstance,
  distDir: string,
): Promise<NotFoundFallback> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (!hasBuild) return () => Promise.resolve(false);
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  return async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || path.startsWith('/api') || path.startsWith('/mqtt')) return false;
    // A path with a file extension is a missing asset, not a page: answer 404 rather than HTML.
    if (/\.[a-z0-9]+$/i.test(path)) return false;
    await reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
