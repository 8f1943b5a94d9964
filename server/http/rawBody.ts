import type { ZodApp } from './context.ts';

/**
 * Lets the routes of `scoped` (one plugin scope, so no other route is affected) take `contentType`
 * bodies as one Buffer of at most `bodyLimit` bytes. Uploads send raw bytes: multipart needs a plugin
 * this server does not carry, and one file per request is what per-file progress wants anyway.
 */
export function acceptRawBody(scoped: ZodApp, contentType: string, bodyLimit: number): void {
  scoped.addContentTypeParser(
    contentType,
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
}
