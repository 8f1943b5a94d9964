import { createHash } from 'node:crypto';

/** sha256 hex of a device secret, as stored in `devices.secret_hash`. */
export const hashDeviceSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
