import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_TITLE } from '../../app/shellApi.ts';
import { ErrorView, type ErrorStatus } from './ErrorView.tsx';

const TITLES = { '403': 'error403', '404': 'error404', '500': 'error500' } as const;

/** A standalone error page (`/error/403`, `/error/500`, `/error/*`). */
export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t, i18n } = useTranslation('menu');
  useEffect(() => {
    document.title = `${t(TITLES[status])} - ${SYSTEM_TITLE}`;
  }, [status, t, i18n.language]);
  return (
    <div className="sd-error-page">
      <ErrorView status={status} />
    </div>
  );
}
