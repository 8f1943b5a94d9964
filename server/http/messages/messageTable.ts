/** One domain's messages: each key's text in Chinese (the default) and in English. */
export type MessageTable = Record<string, readonly [zh: string, en: string]>;
