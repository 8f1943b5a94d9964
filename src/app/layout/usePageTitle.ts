import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTitle } from '../routeCatalog.ts';

/** The system title: `VITE_APP_TITLE` from the Vite env, else the product name. */
export const SYSTEM_TITLE: string =
  (import.meta.env.VITE_APP_TITLE as string | undefined) ?? 'Skydeck 无人机运营平台';

/** Sets the document title to `{page} - {system title}` (spec §2). */
export function usePageTitle(title: MenuTitle | null): void {
  const { t, i18n } = useTranslation('menu');
  useEffect(() => {
    document.title = title ? `${t(title)} - ${SYSTEM_TITLE}` : SYSTEM_TITLE;
  }, [title, t, i18n.language]);
}
