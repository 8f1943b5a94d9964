/**
 * How a simulated dock puts a file into the storage `storage_config_get` gave it: S3 `PutObject`
 * with the short-lived credentials, exactly as a real dock uploads directly (protocol §8).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../storage/s3Store.ts';

/** The `storage_config_get` output a dock uploads with. */
export interface StorageGrant {
  bucket: string;
  endpoint: string;
  region: string;
  object_key_prefix: string;
  credentials: { access_key_id: string; access_key_secret: string; security_token?: string };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The grant in a reply's `output`, or null when it lacks what an upload needs. */
export function readStorageGrant(output: unknown): StorageGrant | null {
  const o =
    typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  const c =
    typeof o.credentials === 'object' && o.credentials !== null
      ? (o.credentials as Record<string, unknown>)
      : {};
  const grant: StorageGrant = {
    bucket: text(o.bucket),
    endpoint: text(o.endpoint),
    region: text(o.region) || 'us-east-1',
    object_key_prefix: text(o.object_key_prefix).replace(/\/+$/, ''),
    credentials: {
      access_key_id: text(c.access_key_id),
      access_key_secret: text(c.access_key_secret),
      security_token: text(c.security_token) || undefined,
    },
  };
  const complete =
    grant.bucket &&
    grant.endpoint &&
    grant.credentials.access_key_id &&
    grant.credentials.access_key_secret;
  return complete ? grant : null;
}

/** Uploads one object with S3 `PutObject`. */
export async function s3Upload(
  grant: StorageGrant,
  key: string,
  body: Uint8Array,
  contentType: string,
): Promise<void> {
  const client = s3Client(
    {
      endpoint: grant.endpoint,
      region: grant.region,
      accessKey: grant.credentials.access_key_id,
      secretKey: grant.credentials.access_key_secret,
    },
    grant.credentials.security_token,
  );
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: grant.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );
  } finally {
    client.destroy();
  }
}
