import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../routeCatalog.ts';

/** True when the browser history holds an earlier page of this app (react-router counts them). */
function hasEarlierPage(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

/**
 * The way back from a full-screen page (the cockpit, the task map), which has no sidebar or tags:
 * to the page the user came from, or to the workbench when the page was opened directly.
 */
export function BackToConsole() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <div className="sd-back-to-console">
      <Button
        icon="arrow-left"
        text={t('backToConsole')}
        data-testid="back-to-console"
        onClick={() => void (hasEarlierPage() ? navigate(-1) : navigate(HOME_PATH))}
      />
    </div>
  );
}
