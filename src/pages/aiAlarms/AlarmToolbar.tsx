import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiBulkInput } from '../../../protocol/aiAlarms.ts';
import type { Query } from '../../api/createClient.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import { bulkMoveAiAlarms, deleteAiAlarms, listAiAlarms } from './aralmApi.ts';
import { exportAlarmsCsv } from './exportAlarmsCsv.ts';
import type { IdSelection } from '../../lib/useIdSelection.ts';
import { useAlarmWords } from './useAlarmWords.ts';

/** Rows in one CSV export at most (the server's page limit). */
const EXPORT_LIMIT = 1000;
const BULK: readonly AiBulkInput['to'][] = ['confirmed', 'false_alarm', 'resolved'];

/** Bulk moves and deletion of the picked alarms, and the CSV export of the matching ones. */
export function AlarmToolbar({
  selection,
  filters,
  onChanged,
}: {
  selection: IdSelection;
  filters: Query;
  onChanged: () => void;
}) {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  const [asking, setAsking] = useState(false);
  const none = selection.size === 0;
  const bulk = (to: AiBulkInput['to']) => {
    void bulkMoveAiAlarms({ ids: selection.ids(), to }).then(
      (r) => {
        toastSuccess(t('bulk.done', { moved: r.moved.length, skipped: r.skipped.length }));
        onChanged();
      },
      () => undefined,
    );
  };
  const exportCsv = () => {
    void listAiAlarms({ ...filters, current: 1, size: EXPORT_LIMIT }).then(
      (page) => exportAlarmsCsv(page.data, t, words),
      () => undefined,
    );
  };
  return (
    <div className="aralm-toolbar">
      <Permission code="alarm:edit">
        {BULK.map((to) => (
          <Button
            key={to}
            disabled={none}
            text={t(`bulk.${to}`)}
            data-testid={`alarm-bulk-${to}`}
            onClick={() => bulk(to)}
          />
        ))}
      </Permission>
      <Permission code="alarm:del">
        <Button
          intent="danger"
          icon="trash"
          disabled={none}
          text={t('del')}
          onClick={() => setAsking(true)}
        />
      </Permission>
      <Button icon="export" text={t('export')} data-testid="alarm-export" onClick={exportCsv} />
      <ConfirmDelete
        message={asking ? t('confirmDelete', { n: selection.size }) : null}
        confirmText={t('del')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const ids = selection.ids();
          await deleteAiAlarms(ids);
          toastSuccess(t('deleted', { n: ids.length }));
          onChanged();
        }}
      />
    </div>
  );
}
