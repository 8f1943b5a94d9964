import { enUS, zhCN } from 'date-fns/locale';
import type { Locale } from 'date-fns';
import { useTranslation } from 'react-i18next';

// Blueprint's date inputs load a date-fns locale by code at run time through a dynamic import that
// the bundle cannot resolve ("Could not load en-US date-fns locale"). Handing them the locale object
// itself skips that loader and names months and weekdays in the interface language.
const LOCALES: Record<string, Locale> = { 'zh-CN': zhCN, en: enUS };

/** The date-fns locale of the interface language, for Blueprint's `locale` prop. */
export function useDateLocale(): Locale {
  const { i18n } = useTranslation();
  return LOCALES[i18n.language] ?? enUS;
}
