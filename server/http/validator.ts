import type { FastifySchemaCompiler } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ApiError } from './ApiError.ts';

// PostgreSQL text cannot hold U+0000: a query with one fails deep in the database ("invalid byte
// sequence"), so every request part is checked before any route sees it.
const NUL = '\u0000';
// Deeper than any request the console sends; deeper input is refused rather than walked.
const MAX_DEPTH = 32;

/** The dotted path of the first text value holding a NUL character, or undefined. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    const found = findNul(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A field name fit to show back: its own NULs and control characters removed, length capped. */
function shownField(path: string, part: string): string {
  const clean = path.replace(/\p{Cc}/gu, '').slice(0, 64);
  return clean === '' ? part : clean;
}

/**
 * Fastify's zod validator with one rule every route shares: no NUL character anywhere in the body,
 * query string, params or headers (400 naming the field).
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const part = route.httpPart ?? 'body';
  return (data) => {
    const nul = findNul(data);
    if (nul !== undefined)
      return { error: new ApiError(400, 'validation.nul', { field: shownField(nul, part) }) };
    return validate(data);
  };
};
