import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

// Spec §9: the lock code is AES-ECB/PKCS7 with a fixed key built into the console. It only keeps a
// casual onlooker from reading the code in storage; the account password is the real secret.
const SCREEN_KEY = Utf8.parse('skydeck-lock-k16');
const OPTIONS = { mode: ECB, padding: Pkcs7 };

/** Encrypts a lock password for storage as `screenCode`. */
export function encryptScreenCode(password: string): string {
  return AES.encrypt(password, SCREEN_KEY, OPTIONS).toString();
}

/** Decrypts a stored `screenCode`; an unreadable code gives the empty string. */
export function decryptScreenCode(code: string): string {
  try {
    return AES.decrypt(code, SCREEN_KEY, OPTIONS).toString(Utf8);
  } catch {
    return '';
  }
}
