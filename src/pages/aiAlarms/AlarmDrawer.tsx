import { useCallback, useEffect, useState } from 'react';
import { Drawer, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiAlarmDetail, AiAlarmStatus } from '../../../protocol/aiAlarms.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { formatTime } from '../../lib/time.ts';
import { AlarmMiniMap } from './AlarmMiniMap.tsx';
import { AlarmTimeline } from './AlarmTimeline.tsx';
import { fetchAiAlarm } from './aralmApi.ts';
import { SnapshotView } from './SnapshotView.tsx';
import { TransitionBar } from './TransitionBar.tsx';
import { LEVEL_INTENT, STATUS_INTENT } from './useAralmColumns.tsx';
import { useAlarmWords } from './useAlarmWords.ts';

function useFacts(a: AiAlarmDetail): Fact[] {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  const none = t('none');
  return [
    ['category', t('col.category'), words.category(a.category)],
    [
      'level',
      t('col.level'),
      <Tag key="l" minimal intent={LEVEL_INTENT[a.level] ?? 'none'}>
        {words.level(a.level)}
      </Tag>,
    ],
    ['confidence', t('col.confidence'), `${String(Math.round(a.confidence * 100))}%`],
    [
      'status',
      t('col.status'),
      <Tag key="s" minimal intent={STATUS_INTENT[a.status]} data-testid="drawer-status">
        {words.status(a.status)}
      </Tag>,
    ],
    ['device', t('col.device'), `${a.device_name} (${a.device_sn})`],
    ['payload', t('drawer.payload'), a.payload_index || none],
    ['time', t('col.time'), formatTime(a.raised_at)],
    [
      'task',
      t('drawer.flight'),
      a.task_name === null ? none : `${a.task_name} · ${a.flight_id ?? ''}`,
    ],
    [
      'position',
      t('drawer.position'),
      a.latitude === null || a.longitude === null
        ? t('drawer.noPosition')
        : `${a.latitude.toFixed(6)}, ${a.longitude.toFixed(6)}`,
    ],
    ['assignee', t('drawer.assignee'), a.assignee_name ?? none],
    ['note', t('drawer.note'), a.note || none],
    ['event', t('drawer.eventId'), a.event_id],
  ];
}

function Body({
  alarm,
  reload,
  onChanged,
}: {
  alarm: AiAlarmDetail;
  reload: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  const facts = useFacts(alarm);
  const moved = (to: AiAlarmStatus) => {
    toastSuccess(t('moved', { status: words.status(to) }));
    reload();
    onChanged();
  };
  return (
    <div className="aralm-drawer-body">
      <SnapshotView alarm={alarm} label={words.category(alarm.category)} />
      <TransitionBar alarm={alarm} onMoved={moved} />
      <FactsTable facts={facts} className="aralm-facts" />
      {alarm.latitude !== null && alarm.longitude !== null && (
        <AlarmMiniMap lat={alarm.latitude} lon={alarm.longitude} />
      )}
      <AlarmTimeline alarm={alarm} onChanged={reload} />
    </div>
  );
}

/** The detail drawer of one alarm: snapshot with its box, moves, facts, mini-map, history, comments. */
export function AlarmDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('aiAlarms');
  const [alarm, setAlarm] = useState<AiAlarmDetail | null>(null);
  const load = useCallback(() => {
    if (id === null) return;
    void fetchAiAlarm(id).then(setAlarm, () => undefined);
  }, [id]);
  // The body shows a spinner until the answer for this very id is in (see the check below).
  useEffect(load, [load]);
  return (
    <Drawer
      isOpen={id !== null}
      onClose={onClose}
      size="min(640px, 100vw)"
      title={t('drawer.title', { id })}
      className="aralm-drawer"
    >
      {alarm === null || alarm.id !== id ? (
        <Spinner />
      ) : (
        <Body alarm={alarm} reload={load} onChanged={onChanged} />
      )}
    </Drawer>
  );
}
