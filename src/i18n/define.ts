/** The same tree of keys with every leaf a string: what the English side of a namespace must match. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** A namespace in both languages; the English tree must carry exactly the Chinese tree's keys. */
export interface Bilingual<T> {
  'zh-CN': T;
  en: Translation<T>;
}

/** Declares a namespace's strings; a key missing from either language is a type error. */
export function defineStrings<T>(strings: Bilingual<T>): Bilingual<T> {
  return strings;
}
