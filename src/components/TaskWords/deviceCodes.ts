/**
 * Device codes in words: the `result` a dock answers a service with or ends a flight with (six
 * digits `ABCDEF`, BC the module: protocol doc §1.2), and HMS alarm codes. A code is never shown
 * bare: the words come first and the code follows in brackets, for a support call; a code nobody has
 * words for reads "unknown error (code N)".
 */
import type { TFunction } from 'i18next';
import strings from './i18n.ts';

type T = TFunction<'taskWords'>;
type Known = keyof (typeof strings)['zh-CN']['codes']['known'];
type Family = keyof (typeof strings)['zh-CN']['codes']['family'];

const KNOWN = strings['zh-CN'].codes.known;
const FAMILIES = strings['zh-CN'].codes.family;

const isKnown = (key: string): key is Known => Object.hasOwn(KNOWN, key);
const isFamily = (key: string): key is Family => Object.hasOwn(FAMILIES, key);

/**
 * The words for result code `code`: its own when the table names it, else its module's (the first
 * three digits) when the module is known, else null. A negative code is the console's or server's
 * "no reply", not a device's.
 */
export function deviceCodeWords(t: T, code: number): string | null {
  if (code < 0) return t('codes.noReply');
  const key = String(code);
  if (isKnown(key)) return t(`codes.known.${key}`);
  const family = key.slice(0, 3);
  return key.length === 6 && isFamily(family) ? t(`codes.family.${family}`) : null;
}

/** A device result code for people: "words (code N)", or "unknown error (code N)". */
export function describeDeviceCode(t: T, code: number): string {
  const words = deviceCodeWords(t, code);
  return words === null
    ? t('codes.unknown', { code: String(code) })
    : t('codes.withCode', { words, code: String(code) });
}

/**
 * An HMS alarm for people: its text (from the operator's table, or the console's own) with the code
 * in brackets, or "unknown error (code …)" when nobody has words for it.
 */
export function describeHmsCode(t: T, code: string, text: string | null | undefined): string {
  return text
    ? t('codes.withCode', { words: text, code })
    : t('codes.unknown', { code: code === '' ? '?' : code });
}
