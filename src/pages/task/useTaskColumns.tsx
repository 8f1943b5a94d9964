import { ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FlightTask } from '../../../protocol/tasks.ts';
import type { SearchTableController, TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { runSummary, runTag } from '../../components/TaskWords/runVerdictWords.ts';
import {
  describeSchedule,
  isEnded,
  isFlying,
  SHOWN_TASK_INTENT,
  shownTaskState,
} from '../../components/TaskWords/taskWords.ts';
import {
  ACTIONS_FOLDED_PX,
  ACTIONS_PX,
  COLUMN_PX,
  fitTaskColumns,
  type TaskColumnKey,
} from './columnFit.ts';
import { TaskRowButtons, type TaskAction } from './TaskRowButtons.tsx';
import { useLiveRun } from './useLiveRun.ts';

/** A cell's text on one line, cut with an ellipsis and shown whole on hover. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="sd-task-clip" title={text}>
      {text}
    </span>
  );
}

/**
 * The task table's columns that fit `widthPx` (see {@link fitTaskColumns}); row buttons report the
 * action the user picked.
 */
export function useTaskColumns(
  table: SearchTableController<FlightTask>,
  onAction: (action: TaskAction, task: FlightTask) => void,
  widthPx: number,
): TableColumn<FlightTask>[] {
  const { t } = useTranslation('task');
  const words = useTranslation('taskWords').t;
  const { keys, folded } = fitTaskColumns(widthPx);
  const all: Record<TaskColumnKey, Omit<TableColumn<FlightTask>, 'key' | 'width'>> = {
    index: { title: '#', render: (_x, i) => (table.current - 1) * table.size + i + 1 },
    name: { title: t('name'), render: (x) => <Clipped text={x.name} /> },
    wayline_name: {
      title: t('wayline'),
      render: (x) => <Clipped text={x.wayline_name || t('none')} />,
    },
    dock_sn: { title: t('dock'), render: (x) => <Clipped text={x.dock_sn} /> },
    // A conditional or recurring plan in words is long: it wraps rather than push the actions off.
    schedule: {
      title: t('schedule'),
      render: (x) => (
        <span className="sd-task-schedule">{describeSchedule(words, x.schedule)}</span>
      ),
    },
    state: {
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
    next_run_at: {
      title: t('nextRun'),
      render: (x) => (
        <span data-testid="task-next-run">{formatTime(x.next_run_at) || t('none')}</span>
      ),
    },
    last: { title: t('lastResult'), render: (x) => <LastRun task={x} onEnded={table.follow} /> },
    actions: {
      title: t('actions'),
      render: (x) => <TaskRowButtons task={x} act={onAction} folded={folded} />,
    },
  };
  return keys.map((key) => ({ key, ...all[key], width: widthOf(key, folded) }));
}

/** A column's fixed width; none for the two names, which share what the others leave. */
function widthOf(key: TaskColumnKey, folded: boolean): number | undefined {
  if (key === 'name' || key === 'wayline_name') return undefined;
  if (key === 'actions') return folded ? ACTIONS_FOLDED_PX : ACTIONS_PX;
  return COLUMN_PX[key];
}

/**
 * The newest run's state, with a live progress bar while it flies; once it ended, what it achieved
 * (its verdict) or why it did not run.
 */
function LastRun({ task, onEnded }: { task: FlightTask; onEnded: () => void }) {
  const { t } = useTranslation('task');
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
