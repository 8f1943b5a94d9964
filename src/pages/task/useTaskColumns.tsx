import { Button, ButtonGroup, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { SearchTableController, TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { runSummary, runTag } from '../../components/TaskWords/runVerdictWords.ts';
import {
  describeSchedule,
  isEnded,
  isFlying,
  isUnderway,
  SHOWN_TASK_INTENT,
  shownTaskState,
} from '../../components/TaskWords/taskWords.ts';
import { useLiveRun } from './useLiveRun.ts';

export type TaskAction = 'edit' | 'cancel' | 'delete';

/** The task table's columns; row buttons report the action the user picked. */
export function useTaskColumns(
  table: SearchTableController<FlightTask>,
  onAction: (action: TaskAction, task: FlightTask) => void,
): TableColumn<FlightTask>[] {
  const { t } = useTranslation('taskPage');
  const words = useTranslation('taskWords').t;
  return [
    {
      key: 'index',
      title: '#',
      width: 48,
      render: (_x, i) => (table.current - 1) * table.size + i + 1,
    },
    { key: 'name', title: t('name') },
    { key: 'wayline_name', title: t('wayline'), render: (x) => x.wayline_name || t('none') },
    { key: 'dock_sn', title: t('dock') },
    {
      key: 'schedule',
      title: t('schedule'),
      // A conditional or recurring plan in words is long: it wraps rather than push the actions off.
      render: (x) => (
        <span className="sd-task-schedule">{describeSchedule(words, x.schedule)}</span>
      ),
    },
    {
      key: 'state',
      title: t('status'),
      render: (x) => {
        const shown = shownTaskState(x);
        return (
          <Tag
            minimal
            intent={SHOWN_TASK_INTENT[shown]}
            data-testid="task-state"
            data-shown={shown}
          >
            {words(`shownStates.${shown}`)}
          </Tag>
        );
      },
    },
    {
      key: 'next_run_at',
      title: t('nextRun'),
      render: (x) => (
        <span data-testid="task-next-run">{formatTime(x.next_run_at) || t('none')}</span>
      ),
    },
    {
      key: 'last',
      title: t('lastResult'),
      width: 200,
      render: (x) => <LastRun task={x} onEnded={table.refresh} />,
    },
    { key: 'actions', title: t('actions'), render: (x) => <RowButtons task={x} act={onAction} /> },
  ];
}

/**
 * The newest run's state, with a live progress bar while it flies; once it ended, what it achieved
 * (its verdict) or why it did not run.
 */
function LastRun({ task, onEnded }: { task: FlightTask; onEnded: () => void }) {
  const { t } = useTranslation('taskPage');
  const words = useTranslation('taskWords').t;
  const run = useLiveRun(task, onEnded);
  if (run === null) return t('none');
  // A conditional run with its dock is waiting for its battery and window, not about to fly.
  const waiting = run.state === 'prepared' && task.schedule.kind === 'conditional';
  const outcome = isEnded(run.state) ? runSummary(words, run) : '';
  const tag = runTag(words, run);
  return (
    <div
      className="sd-task-run"
      data-testid="task-run"
      data-state={run.state}
      data-verdict={run.verdict?.result}
    >
      <Tag minimal intent={tag.intent} title={tag.title}>
        {waiting ? t('waitingConditions') : tag.label}
      </Tag>
      {isFlying(run.state) && (
        <span className="sd-task-progress" data-testid="task-progress" data-percent={run.percent}>
          <ProgressBar value={run.percent / 100} intent="primary" animate={false} />
          <span>{`${String(Math.round(run.percent))}%`}</span>
        </span>
      )}
      {outcome !== '' && (
        <span
          className="sd-task-reason"
          data-testid="task-reason"
          data-result={run.verdict?.result}
        >
          {outcome}
        </span>
      )}
    </div>
  );
}

function RowButtons({
  task,
  act,
}: {
  task: FlightTask;
  act: (action: TaskAction, task: FlightTask) => void;
}) {
  const { t } = useTranslation('taskPage');
  const flying = task.last !== null && isFlying(task.last.state);
  // The dock flies what it was sent: a task whose run is with its dock cannot change (the server
  // refuses too). One whose run waits with its dock can still be canceled, whatever its plan says.
  const underway = task.last !== null && isUnderway(task.last.state);
  const cancelable = task.state === 'active' || (underway && !flying);
  return (
    <ButtonGroup variant="minimal">
      <Button
        icon="info-sign"
        aria-label={t('detail')}
        title={t('detail')}
        onClick={() => navigateTo(`/taskInfo/${String(task.id)}`)}
      />
      {flying && task.last && (
        <Button
          icon="map"
          aria-label={t('map')}
          title={t('map')}
          onClick={() => navigateTo(`/taskInfoMap?id=${String(task.last?.id)}`)}
        />
      )}
      <Permission code="task:edit">
        <Button
          icon="edit"
          aria-label={t('edit')}
          title={underway ? t('editBusy') : t('edit')}
          disabled={underway}
          data-testid="task-edit"
          onClick={() => act('edit', task)}
        />
      </Permission>
      {cancelable && (
        <Permission code="task:edit">
          <Button
            icon="disable"
            intent="warning"
            aria-label={t('cancel')}
            title={t('cancel')}
            onClick={() => act('cancel', task)}
          />
        </Permission>
      )}
      <Permission code="task:del">
        <Button
          icon="trash"
          intent="danger"
          aria-label={t('del')}
          title={t('del')}
          onClick={() => act('delete', task)}
        />
      </Permission>
    </ButtonGroup>
  );
}
