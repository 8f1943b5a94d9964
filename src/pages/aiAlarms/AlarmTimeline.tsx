import { useState } from 'react';
import { Button, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiAlarmDetail } from '../../../protocol/aiAlarms.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { formatTime } from '../../lib/time.ts';
import { commentAiAlarm } from './aralmApi.ts';
import { useAlarmWords } from './useAlarmWords.ts';

/** The alarm's history (status changes) and its comments, with a box to add one. */
export function AlarmTimeline({
  alarm,
  onChanged,
}: {
  alarm: AiAlarmDetail;
  onChanged: () => void;
}) {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const post = () => {
    setBusy(true);
    void commentAiAlarm(alarm.id, text.trim())
      .then(
        () => {
          setText('');
          onChanged();
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <>
      <h4>{t('drawer.history')}</h4>
      <ol className="aralm-history" data-testid="alarm-history">
        {alarm.history.map((h) => (
          <li key={h.id}>
            <time>{formatTime(h.at)}</time>
            <span>
              {h.from_status === null ? '' : `${words.status(h.from_status)} → `}
              <b>{words.status(h.to_status)}</b>
            </span>
            <span className="aralm-who">{h.username}</span>
            {h.assignee_name !== null && (
              <span>{`${t('drawer.assignee')}: ${h.assignee_name}`}</span>
            )}
            {h.note !== '' && <q>{h.note}</q>}
          </li>
        ))}
      </ol>
      <h4>{t('drawer.comments')}</h4>
      {alarm.comments.length === 0 ? (
        <p className="aralm-muted">{t('drawer.noComments')}</p>
      ) : (
        <ul className="aralm-comments">
          {alarm.comments.map((c) => (
            <li key={c.id}>
              <b>{c.username}</b> <time>{formatTime(c.at)}</time>
              <p>{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Permission code="alarm:edit">
        <div className="aralm-comment-box">
          <TextArea
            fill
            value={text}
            maxLength={1000}
            placeholder={t('drawer.addComment')}
            aria-label={t('drawer.addComment')}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button
            text={t('drawer.send')}
            icon="comment"
            loading={busy}
            disabled={text.trim() === ''}
            onClick={post}
          />
        </div>
      </Permission>
    </>
  );
}
