import { Icon, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../../state/account.ts';

/** A dot that shows whether the real-time link (`accountStore.mqttOnline`) is up. */
export function ConnectionIndicator() {
  const { mqttOnline } = useAccountState();
  const { t } = useTranslation('layout');
  const label = mqttOnline ? t('online') : t('offline');
  return (
    <Tooltip content={label} placement="bottom">
      <span className="sd-connection" role="status" aria-label={label} data-online={mqttOnline}>
        <Icon icon="full-circle" size={10} intent={mqttOnline ? 'success' : 'none'} />
      </span>
    </Tooltip>
  );
}
