/**
 * Device secrets kept sealed for an external broker that checks device passwords itself (see
 * migration 0240). The console shows a device's secret once; the broker sync is the only reader.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/Db.ts';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key, derived from the token secret so that nothing new has to be configured. */
function sealingKey(tokenSecret: string): Buffer {
  return createHmac('sha256', tokenSecret).update('skydeck:device-secrets').digest();
}

/** Seals `secret` as base64 `iv | tag | ciphertext`. */
export function sealSecret(tokenSecret: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, sealingKey(tokenSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Opens a sealed secret; undefined when it was sealed under another key or tampered with. */
export function openSecret(tokenSecret: string, sealed: string): string | undefined {
  const raw = Buffer.from(sealed, 'base64');
  try {
    const decipher = createDecipheriv(
      ALGORITHM,
      sealingKey(tokenSecret),
      raw.subarray(0, IV_BYTES),
    );
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const body = raw.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Keeps the secret of device `sn` sealed (replacing an earlier one). */
export async function rememberDeviceSecret(
  db: Db,
  tokenSecret: string,
  sn: string,
  secret: string,
): Promise<void> {
  await db.query(
    `insert into device_broker_secrets (device_sn, sealed) values ($1, $2)
     on conflict (device_sn) do update set sealed = excluded.sealed, updated_at = now()`,
    [sn, sealSecret(tokenSecret, secret)],
  );
}

/** The secret of device `sn`, when one is kept and opens under `tokenSecret`. */
export async function deviceSecretOf(
  db: Db,
  tokenSecret: string,
  sn: string,
): Promise<string | undefined> {
  const rows = await db.query<{ sealed: string }>(
    'select sealed from device_broker_secrets where device_sn = $1',
    [sn],
  );
  const sealed = rows[0]?.sealed;
  return sealed === undefined ? undefined : openSecret(tokenSecret, sealed);
}
