import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useUnreadAlarms } from './liveAlarms.ts';

/** The unread AI-alarm count on the alarm page's menu item; nothing when there are none. */
export function UnreadBadge() {
  const { t } = useTranslation('alarmToast');
  const n = useUnreadAlarms();
  if (n === 0) return null;
  return (
    <Tag
      round
      intent="danger"
      className="sd-unread-badge"
      data-testid="alarm-unread"
      title={t('unread', { n })}
    >
      {n > 99 ? '99+' : String(n)}
    </Tag>
  );
}
