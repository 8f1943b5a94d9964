import { useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import type { Query } from '../../api/createClient.ts';
import { listTasks } from '../../api/tasks.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import { TaskDialog } from '../../components/TaskDialog/TaskDialog.tsx';
import { CancelTaskAlert, DeleteTaskAlert } from './TaskAlerts.tsx';
import type { TaskAction } from './TaskRowButtons.tsx';
import { useTaskColumns } from './useTaskColumns.tsx';
import { useTaskFields } from './useTaskFields.ts';
import { useWidth } from '../../lib/useWidth.ts';
import './task.css';

type Overlay = { kind: 'create' } | { kind: TaskAction; task: FlightTask } | null;

function plain(q: TableQuery, workspaceId: number | undefined): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q))
    if (typeof value === 'string' || typeof value === 'number') query[key] = value;
  if (workspaceId !== undefined) query.workspace_id = workspaceId;
  return query;
}

/** Flight tasks of the current project: create, edit, follow live, cancel and delete. */
export default function TaskPage() {
  const { t } = useTranslation('task');
  const { workspace } = useAccountState();
  const fields = useTaskFields();
  const table = useSearchTable<FlightTask>({
    fields,
    request: (q) => listTasks(plain(q, workspace?.id)),
  });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const close = () => setOverlay(null);
  const done = () => {
    close();
    table.refresh();
  };
  // The columns are chosen to fit the page's width: the table never scrolls sideways, so the row
  // actions stay on screen on a phone.
  const page = useRef<HTMLDivElement>(null);
  const width = useWidth(page, window.innerWidth);
  const columns = useTaskColumns(table, (kind, task) => setOverlay({ kind, task }), width);
  const toolbar = (
    <Permission code="task:add">
      <Button
        intent="primary"
        icon="add"
        text={t('create')}
        data-testid="task-create"
        onClick={() => setOverlay({ kind: 'create' })}
      />
    </Permission>
  );
  return (
    <div className="sd-task-page" ref={page}>
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(x) => x.id}
        toolbar={toolbar}
      />
      {overlay?.kind === 'create' && <TaskDialog onClose={close} onSaved={done} />}
      {overlay?.kind === 'edit' && (
        <TaskDialog task={overlay.task} onClose={close} onSaved={done} />
      )}
      {overlay?.kind === 'cancel' && (
        <CancelTaskAlert task={overlay.task} onClose={close} onDone={done} />
      )}
      {overlay?.kind === 'delete' && (
        <DeleteTaskAlert task={overlay.task} onClose={close} onDone={done} />
      )}
    </div>
  );
}
