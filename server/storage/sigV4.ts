/**
 * Verification of AWS Signature Version 4 (header form) on requests to our S3-compatible endpoint,
 * following the published algorithm: canonical request → string to sign → HMAC chain of the date,
 * region and service → signature. Only what S3 `PutObject` clients send is supported.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far a request's `x-amz-date` may be from our clock, ms (S3 allows 15 minutes). */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

export interface SignedRequest {
  method: string;
  /** The path exactly as sent (still percent-encoded). */
  rawPath: string;
  /** What follows `?`, exactly as sent, or empty. */
  rawQuery: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * The payload hash the signature covers, as the client declared it in `x-amz-content-sha256`
   * (`UNSIGNED-PAYLOAD` or hex SHA-256): the signature is checked before the body is read, and the
   * caller compares a declared hash with the body once it has arrived.
   */
  payloadHash: string;
}

/** S3 error code, HTTP status and message of a refusal. */
export interface SigRefusal {
  code: string;
  status: number;
  message: string;
}

export type SigResult = { ok: true; accessKeyId: string } | ({ ok: false } & SigRefusal);

const refuse = (status: number, code: string, message: string): SigResult => ({
  ok: false,
  status,
  code,
  message,
});

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, '%20'));
  } catch {
    return text;
  }
}

function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  return rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      const key = at < 0 ? part : part.slice(0, at);
      const value = at < 0 ? '' : part.slice(at + 1);
      return [uriEncode(decode(key)), uriEncode(decode(value))] as const;
    })
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** The signature a request should carry, given its parts and the secret. */
export function expectedSignature(
  request: SignedRequest,
  parts: { date: string; region: string; signedHeaders: string[]; amzDate: string },
  secret: string,
): string {
  const canonicalHeaders = parts.signedHeaders
    .map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [
    request.method,
    request.rawPath,
    canonicalQuery(request.rawQuery),
    canonicalHeaders,
    parts.signedHeaders.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${parts.date}/${parts.region}/s3/aws4_request`;
  const toSign = [ALGORITHM, parts.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${secret}`, parts.date), parts.region), 's3'),
    'aws4_request',
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}

function amzTime(amzDate: string): number {
  const m = AMZ_DATE.exec(amzDate);
  if (!m) return NaN;
  return Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
}

/** `x-amz-content-sha256` of a request whose payload is not signed. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** Hex SHA-256 of no bytes: the payload hash of a request without a body. */
export const EMPTY_SHA256 = createHash('sha256').digest('hex');
const HEX_SHA256 = /^[0-9a-f]{64}$/;

const MISSING_PAYLOAD_HASH: SigRefusal = {
  status: 400,
  code: 'InvalidRequest',
  message: 'Missing required header for this request: x-amz-content-sha256.',
};

export type PayloadHash = { ok: true; hash: string } | ({ ok: false } & SigRefusal);

/**
 * The payload hash a request's signature covers, read from its headers alone so that a request can
 * be judged before its body is read. S3 wants `x-amz-content-sha256` on every SigV4 request; one
 * without a body may leave it out (it then signs the empty body's hash). Chunked signing
 * (`STREAMING-…`) is not supported: docks send each file whole.
 */
export function declaredPayloadHash(
  headers: SignedRequest['headers'],
  hasBody: boolean,
): PayloadHash {
  const declared = header(headers, 'x-amz-content-sha256');
  if (declared === undefined)
    return hasBody ? { ok: false, ...MISSING_PAYLOAD_HASH } : { ok: true, hash: EMPTY_SHA256 };
  if (declared.startsWith('STREAMING-'))
    return {
      ok: false,
      status: 400,
      code: 'InvalidRequest',
      message: 'Chunked uploads are not supported; send the body whole.',
    };
  if (declared !== UNSIGNED_PAYLOAD && !HEX_SHA256.test(declared))
    return {
      ok: false,
      status: 400,
      code: 'InvalidArgument',
      message: 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a valid SHA-256 value.',
    };
  return { ok: true, hash: declared };
}

/** Whether a body whose hex SHA-256 is `bodySha256` is the one a declared payload hash promised. */
export function payloadMatches(declared: string, bodySha256: string): boolean {
  return declared === UNSIGNED_PAYLOAD || declared === bodySha256;
}

/**
 * Checks a request's signature. `secretOf` answers the secret of an access key id, or undefined
 * for an unknown one. Expiry and scope are the caller's business.
 */
export function verifySigV4(
  request: SignedRequest,
  secretOf: (accessKeyId: string) => string | undefined,
  nowMs: number,
): SigResult {
  const auth = header(request.headers, 'authorization');
  if (!auth) return refuse(403, 'AccessDenied', 'Anonymous access is not allowed.');
  const m = AUTH.exec(auth.trim());
  if (!m?.[1] || !m[2] || !m[3] || !m[4] || !m[5])
    return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, accessKeyId, date, region, signed, signature] = m;
  const signedHeaders = signed.split(';');
  const amzDate = header(request.headers, 'x-amz-date') ?? '';
  const at = amzTime(amzDate);
  if (
    !signedHeaders.includes('host') ||
    !signedHeaders.includes('x-amz-date') ||
    !amzDate.startsWith(date)
  )
    return refuse(400, 'AuthorizationHeaderMalformed', 'Host and x-amz-date must be signed.');
  if (!(Math.abs(at - nowMs) <= MAX_CLOCK_SKEW_MS))
    return refuse(403, 'RequestTimeTooSkewed', 'The request time is too far from the server time.');
  const secret = secretOf(accessKeyId);
  if (secret === undefined)
    return refuse(403, 'InvalidAccessKeyId', 'The access key id does not exist in our records.');
  const expected = Buffer.from(
    expectedSignature(request, { date, region, signedHeaders, amzDate }, secret),
    'hex',
  );
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
  return { ok: true, accessKeyId };
}

/** The XML body S3 answers an error with. */
export function s3ErrorXml(refusal: SigRefusal, resource: string): string {
  const escape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${String(c.charCodeAt(0))};`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${refusal.code}</Code><Message>${escape(refusal.message)}</Message>` +
    `<Resource>${escape(resource)}</Resource></Error>`
  );
}
