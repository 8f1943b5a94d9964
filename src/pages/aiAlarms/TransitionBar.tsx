import { useEffect, useState } from 'react';
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiAlarmDetail, AiAlarmStatus, AiAssignee } from '../../../protocol/aiAlarms.ts';
import { NEXT_STATUSES } from '../../../protocol/aiAlarms.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { listAssignees, moveAiAlarm } from './aralmApi.ts';

const INTENT = {
  confirmed: 'warning',
  false_alarm: 'none',
  dispatched: 'primary',
  resolved: 'success',
  new: 'none',
} as const;

/** The moves the alarm's status allows, with a note and, for dispatching, the assignee. */
export function TransitionBar({
  alarm,
  onMoved,
}: {
  alarm: AiAlarmDetail;
  onMoved: (to: AiAlarmStatus) => void;
}) {
  const { t } = useTranslation('aiAlarms');
  const next = NEXT_STATUSES[alarm.status];
  const [note, setNote] = useState('');
  const [assignee, setAssignee] = useState<number | null>(null);
  const [users, setUsers] = useState<AiAssignee[]>([]);
  const [busy, setBusy] = useState(false);
  const dispatchable = next.includes('dispatched');
  useEffect(() => {
    if (dispatchable) void listAssignees().then(setUsers, () => undefined);
  }, [dispatchable]);
  if (next.length === 0) return null;
  const move = (to: AiAlarmStatus) => {
    setBusy(true);
    void moveAiAlarm({
      id: alarm.id,
      to,
      ...(note.trim() === '' ? {} : { note: note.trim() }),
      ...(to === 'dispatched' && assignee !== null ? { assignee_id: assignee } : {}),
    })
      .then(
        () => {
          setNote('');
          onMoved(to);
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <Permission code="alarm:edit">
      <div className="aralm-moves" data-testid="alarm-moves">
        <InputGroup
          value={note}
          maxLength={500}
          placeholder={t('drawer.notePlaceholder')}
          onValueChange={setNote}
        />
        {dispatchable && (
          <HTMLSelect
            aria-label={t('drawer.pickAssignee')}
            value={assignee ?? ''}
            onChange={(e) =>
              setAssignee(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))
            }
          >
            <option value="">{t('drawer.pickAssignee')}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.nickname === '' ? u.username : `${u.nickname} (${u.username})`}
              </option>
            ))}
          </HTMLSelect>
        )}
        <div className="aralm-move-buttons">
          {next.map((to) => (
            <Button
              key={to}
              intent={INTENT[to]}
              loading={busy}
              disabled={to === 'dispatched' && assignee === null}
              data-testid={`alarm-move-${to}`}
              text={t(`actions.${to as Exclude<AiAlarmStatus, 'new'>}`)}
              onClick={() => move(to)}
            />
          ))}
        </div>
      </div>
    </Permission>
  );
}
