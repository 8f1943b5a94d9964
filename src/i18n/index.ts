import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage.ts';
import { NAMESPACES, resources } from './resources.ts';

export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];
/** Spec §1/§9: Chinese is the default; English falls back through en-US. */
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

function savedLanguage(): Language {
  const saved = readText(STORAGE_KEYS.language);
  return LANGUAGES.find((l) => l === saved) ?? DEFAULT_LANGUAGE;
}

/** Starts i18next with the saved language; resolves once the first language is ready. */
export function initI18n(): Promise<unknown> {
  const lng = savedLanguage();
  document.documentElement.lang = lng;
  return i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en-US',
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Switches the language at once and saves it. */
export async function setLanguage(lng: Language): Promise<void> {
  writeText(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

/** The active language, narrowed to the ones the console ships. */
export function currentLanguage(): Language {
  return LANGUAGES.find((l) => l === i18n.language) ?? DEFAULT_LANGUAGE;
}

export { i18n };
