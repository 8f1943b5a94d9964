/**
 * The server's one message catalogue: every `msg` a user can read, in Chinese (the default) and
 * English (when `Accept-Language` prefers it). `{name}` placeholders are filled from `params`. The
 * texts live in one table per domain under `messages/`.
 */
import { CATALOGUE } from './messages/catalogue.ts';

export type MessageKey = keyof typeof CATALOGUE;
export type Lang = 'zh' | 'en';
export type MessageParams = Readonly<Record<string, string | number>>;

/** `en` when the `Accept-Language` header ranks an English tag above every Chinese one. */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().toLowerCase().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag.startsWith('en') || entry.tag.startsWith('zh'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.startsWith('en') ? 'en' : 'zh';
}

/** The message `key` in `lang` with its placeholders filled. */
export function message(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template = CATALOGUE[key][lang === 'en' ? 1 : 0];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
