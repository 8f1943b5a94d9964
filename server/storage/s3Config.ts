/**
 * Settings of an external S3 store (MinIO, AWS, any S3-compatible service). All four of endpoint,
 * bucket and keys set: files go there; none set: the embedded store under `DATA_DIR/media`.
 */

/** Where the S3 back end lives and how to sign in to it. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Session token of temporary credentials (never from the environment; tests and docks). */
  sessionToken?: string;
}

/** The variables, in the order an error names the first missing one. */
const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/** Makes the error a bad setting throws; the config loader passes its own `ConfigError`. */
export type SettingError = (variable: string, detail: string) => Error;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** Reads `S3_*`; undefined when none of the four is set, an error when only some are. */
export function s3Config(env: Env, fail: SettingError): S3Config | undefined {
  const values = REQUIRED.map((name) => read(env, name));
  if (values.every((v) => v === undefined)) return undefined;
  const missing = REQUIRED.find((_, i) => values[i] === undefined);
  if (missing) throw fail(missing, `set ${REQUIRED.join(', ')} together, or none of them`);
  const [endpoint = '', bucket = '', accessKey = '', secretKey = ''] = values;
  if (!/^https?:\/\/[^/]+/.test(endpoint))
    throw fail('S3_ENDPOINT', `expected an http(s) URL, got "${endpoint}"`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw fail('S3_BUCKET', `not an S3 bucket name: "${bucket}"`);
  return { endpoint, bucket, accessKey, secretKey, region: read(env, 'S3_REGION') ?? 'us-east-1' };
}
