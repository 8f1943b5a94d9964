import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_TITLE } from '../../app/shellApi.ts';

/** Titles the sign-in page `{sign in} - {system title}`. */
export function useLoginTitle(): void {
  const { t, i18n } = useTranslation('login');
  useEffect(() => {
    document.title = `${t('title')} - ${SYSTEM_TITLE}`;
  }, [t, i18n.language]);
}
