import { useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '../../../protocol/http.ts';
import type { Query } from '../../api/createClient.ts';
import { listLogs } from '../../api/logs.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { TableColumn } from '../../components/SearchTable/index.ts';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { OpenLogInReplay } from '../../components/OpenInReplay/OpenInReplay.tsx';
import { ExportButton } from './ExportButton.tsx';
import { LogDrawer, ResultTag } from './LogDrawer.tsx';
import { targetLabel } from './logNames.ts';
import { logFilters, logListQuery } from './logsQuery.ts';
import { useLogFields } from './useLogFields.ts';
import { useLogLabels } from './useLogLabels.ts';
import './logs.css';

/** The audit log: filter by time, user, module, action and result; read one entry; export to CSV. */
export default function LogsPage() {
  const { t } = useTranslation('logs');
  const fields = useLogFields();
  const labels = useLogLabels();
  // The export takes the filter of the rows on screen (the applied search), not the one being typed.
  const applied = useRef<Query>({});
  const table = useSearchTable<AuditLogEntry>({
    fields,
    request: (q) => {
      applied.current = logFilters(q);
      return listLogs(logListQuery(q));
    },
  });
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const columns: TableColumn<AuditLogEntry>[] = [
    { key: 'created_at', title: t('time'), render: (e) => formatTime(e.created_at) },
    { key: 'username', title: t('user') },
    { key: 'module', title: t('module'), render: (e) => labels.module(e.module) },
    { key: 'action', title: t('action'), render: (e) => labels.action(e.action) },
    { key: 'target', title: t('target'), render: (e) => targetLabel(e) },
    { key: 'ip', title: t('ip') },
    { key: 'result', title: t('result'), render: (e) => <ResultTag result={e.result} /> },
    {
      key: 'detail',
      title: t('detail'),
      render: (e) => (
        <>
          <Button variant="minimal" icon="eye-open" text={t('detail')} onClick={() => setOpen(e)} />
          <OpenLogInReplay entry={e} />
        </>
      ),
    },
  ];
  const toolbar = (
    <Permission code="log:export">
      <ExportButton filters={() => applied.current} />
    </Permission>
  );
  return (
    <div className="sd-logs-page">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(e) => e.id}
        toolbar={toolbar}
      />
      {open && <LogDrawer entry={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
