import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNoticeState } from '../state/notice.ts';

/** Shows the session's blocking notices (no permission, no organisation). */
export function NoticeAlert() {
  const { notice } = useNoticeState();
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={notice !== null}
      intent="danger"
      icon="error"
      confirmButtonText={t('ok')}
      onClose={dismissNotice}
    >
      <h4 className="bp6-heading">{notice?.title}</h4>
      <p>{notice?.message}</p>
    </Alert>
  );
}
