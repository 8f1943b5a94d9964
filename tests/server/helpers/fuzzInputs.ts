import fc from 'fast-check';

/** The part of a JSON Schema (as the OpenAPI document renders zod) the generators read. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
}

/** One operation of the OpenAPI document, reduced to what a request needs. */
export interface Operation {
  method: string;
  path: string;
  query: Record<string, JsonSchema>;
  params: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/** A generated value and whether it can never pass validation, whatever the route. */
export interface Generated {
  value: unknown;
  invalid: boolean;
}

const NUL = '\u0000';
const INT4_MAX = 2 ** 31 - 1;

// Values any field may receive from an attacker; NUL text is refused by every route.
const nulText = fc.constantFrom(`a${NUL}b`, NUL, `${NUL}admin`);
const hostile = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 53,
  -1,
  0,
  1.5,
  1e308,
  '-200000-01-01',
  '+275760-09-13',
  '1969-12-31T23:59:59Z',
  'x'.repeat(5000),
  '%00',
  "'; drop table users; --",
  '../../etc/passwd',
  true,
  null,
  {},
  [],
  [1, 2],
  '',
  '   ',
  '\uD800',
  '😀'.repeat(100),
);
// Small ids hit real rows (the seed makes a handful of each) so handlers run past their lookups.
const smallInt = fc.integer({ min: 1, max: 8 });
const dateText = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Whole numbers in [min, max]; past 32 bits (times in ms) through BigInt, which has no such limit. */
function wholeNumber(min: number, max: number): fc.Arbitrary<number> {
  const fits = min >= -INT4_MAX - 1 && max <= INT4_MAX;
  return fits
    ? fc.integer({ min, max })
    : fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
}

/** A value that fits `schema` as far as the generator understands it. */
function fitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fitting));
  const type = schema.type ?? 'any';
  if (type === 'integer')
    return fc.oneof(
      smallInt,
      wholeNumber(Math.ceil(schema.minimum ?? -INT4_MAX), Math.floor(schema.maximum ?? INT4_MAX)),
    );
  if (type === 'number')
    // Bounds of a number field may be fractional (a height of at least 1.2 m).
    return fc.oneof(
      smallInt,
      fc.double({
        min: schema.minimum ?? -INT4_MAX,
        max: schema.maximum ?? INT4_MAX,
        noNaN: true,
        noDefaultInfinity: true,
      }),
    );
  if (type === 'boolean') return fc.boolean();
  if (type === 'string')
    return fc.oneof(
      fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 }),
      fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
      dateText,
    );
  if (type === 'array') return fc.array(fitting(schema.items ?? {}), { maxLength: 5 });
  if (type === 'object') return objectOf(schema).map((g) => g.value);
  // No type: a preprocessed field (dates, flags); offer what such fields usually take.
  return fc.oneof(dateText, fc.string({ maxLength: 20 }), smallInt);
}

/** A value for one field: mostly fitting, sometimes hostile, sometimes carrying a NUL. */
export function field(schema: JsonSchema): fc.Arbitrary<Generated> {
  return fc.oneof(
    { weight: 5, arbitrary: fitting(schema).map((value) => ({ value, invalid: false })) },
    { weight: 2, arbitrary: hostile.map((value) => ({ value, invalid: false })) },
    { weight: 1, arbitrary: nulText.map((value) => ({ value, invalid: true })) },
  );
}

/** An object for `schema`: each property present or left out, a NUL anywhere marks it invalid. */
export function objectOf(schema: JsonSchema): fc.Arbitrary<Generated> {
  const entries = Object.entries(schema.properties ?? {}).map(
    ([name, child]) => [name, fc.option(field(child), { nil: undefined })] as const,
  );
  return fc.tuple(...entries.map(([, arb]) => arb)).map((values) => {
    const value: Record<string, unknown> = {};
    let invalid = false;
    values.forEach((g, i) => {
      const name = entries[i]?.[0];
      if (g === undefined || name === undefined) return;
      value[name] = g.value;
      invalid ||= g.invalid;
    });
    return { value, invalid };
  });
}

/**
 * A path parameter as a browser would put it in a URL: a lone surrogate cannot be percent-encoded,
 * so it goes out as U+FFFD, the way the URL parser sends it.
 */
export function asPathSegment(value: unknown): string {
  return encodeURIComponent(asQueryText(value).replace(LONE_SURROGATE, '\uFFFD'));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A query string value as a browser would send it. */
export function asQueryText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of an OpenAPI document. */
export function operations(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const part = (where: string) =>
        Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema]),
        );
      return {
        method: method.toUpperCase(),
        path,
        query: part('query'),
        params: part('path'),
        body: op.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}

/** Names a 400 answer may cite for `op`: its fields, or the request part as a whole. */
export function fieldNames(op: Operation): Set<string> {
  return new Set([
    ...Object.keys(op.query),
    ...Object.keys(op.params),
    ...Object.keys(op.body?.properties ?? {}),
    'body',
    'querystring',
    'params',
  ]);
}
