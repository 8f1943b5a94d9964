import { checkPassword } from '../../api/users.ts';
import { decryptScreenCode } from '../../lib/screenCode.ts';

/**
 * True when `password` opens the lock: the lock password itself, or the account password as the
 * server checks it. A wrong account password is an ordinary answer here, not an error.
 */
export async function canUnlock(screenCode: string, password: string): Promise<boolean> {
  if (decryptScreenCode(screenCode) === password) return true;
  try {
    return await checkPassword(password);
  } catch {
    return false;
  }
}
