import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/shellApi.ts';

export type ErrorStatus = '403' | '404' | '500';

const TEXT = {
  '403': { title: 'noAccess', text: 'noAccessText', icon: 'disable' },
  '404': { title: 'notFound', text: 'notFoundText', icon: 'search' },
  '500': { title: 'serverError', text: 'serverErrorText', icon: 'error' },
} as const;

/** The body of an error page: the status, what it means, and a link back home. */
export function ErrorView({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation('error');
  const navigate = useNavigate();
  const text = TEXT[status];
  return (
    <NonIdealState
      className="sd-error"
      icon={text.icon}
      title={`${status} · ${t(text.title)}`}
      description={t(text.text)}
      action={
        <Button
          intent="primary"
          icon="home"
          text={t('backHome')}
          onClick={() => void navigate(HOME_PATH)}
        />
      }
    />
  );
}
