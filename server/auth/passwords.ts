import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The console's password rule (spec §5: "6 to 12 characters"). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;

// The library's default algorithm is argon2id (its const enum cannot be imported under
// verbatimModuleSyntax). OWASP's minimum profile (19 MiB, 2 passes): strong, yet cheap on 2 cores.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the stored argon2id `passwordHash`. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// No look-alikes (0/O, 1/l/I) so a password read off a terminal can be typed back correctly.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=?';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

function pick(alphabet: string): string {
  return alphabet.charAt(randomInt(alphabet.length));
}

/** A random password of exactly `PASSWORD_MAX` characters with every character class present. */
export function generatePassword(): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < PASSWORD_MAX) chars.push(pick(ALL));
  // Fisher–Yates so the guaranteed classes do not always sit at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
