import type { IdSelection } from '../../lib/useIdSelection.ts';
import { Button, Checkbox, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiAlarm, AiAlarmStatus } from '../../../protocol/aiAlarms.ts';
import type { TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { OpenInReplay } from '../../components/OpenInReplay/OpenInReplay.tsx';
import { useAlarmWords } from './useAlarmWords.ts';

export const STATUS_INTENT: Record<AiAlarmStatus, Intent> = {
  new: 'danger',
  confirmed: 'warning',
  false_alarm: 'none',
  dispatched: 'primary',
  resolved: 'success',
};
export const LEVEL_INTENT: readonly Intent[] = ['none', 'warning', 'danger'];

/** The alarm table's columns: a pick box for bulk actions, the thumbnail and the facts. */
export function useAralmColumns(
  selection: IdSelection,
  onOpen: (alarm: AiAlarm) => void,
): TableColumn<AiAlarm>[] {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  return [
    {
      key: 'pick',
      title: '',
      width: 36,
      render: (x) => (
        <Checkbox
          className="aralm-pick"
          aria-label={t('select')}
          checked={selection.has(x.id)}
          onChange={() => selection.toggle(x.id)}
        />
      ),
    },
    {
      key: 'snapshot',
      title: t('col.snapshot'),
      width: 96,
      render: (x) =>
        x.snapshot_url === null ? (
          t('none')
        ) : (
          <img className="aralm-thumb" src={x.snapshot_url} alt={words.category(x.category)} />
        ),
    },
    { key: 'category', title: t('col.category'), render: (x) => words.category(x.category) },
    {
      key: 'level',
      title: t('col.level'),
      render: (x) => (
        <Tag minimal intent={LEVEL_INTENT[x.level] ?? 'none'}>
          {words.level(x.level)}
        </Tag>
      ),
    },
    {
      key: 'confidence',
      title: t('col.confidence'),
      render: (x) => `${String(Math.round(x.confidence * 100))}%`,
    },
    { key: 'device', title: t('col.device'), render: (x) => x.device_name },
    { key: 'task', title: t('col.task'), render: (x) => x.task_name ?? t('none') },
    { key: 'time', title: t('col.time'), render: (x) => formatTime(x.raised_at) },
    {
      key: 'status',
      title: t('col.status'),
      render: (x) => (
        <Tag minimal intent={STATUS_INTENT[x.status]} data-testid="alarm-status">
          {words.status(x.status)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (x) => (
        <>
          <Button
            variant="minimal"
            icon="info-sign"
            aria-label={t('detail')}
            title={t('detail')}
            data-testid="alarm-open"
            onClick={() => onOpen(x)}
          />
          <OpenInReplay compact target={() => ({ at: x.raised_at, sn: x.device_sn })} />
        </>
      ),
    },
  ];
}
