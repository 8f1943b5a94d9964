/**
 * What a bare /taskInfoMap (no flight id) offers: the recent flights of the project, flying ones
 * first, each opening its wall map. Whoever opens the wall screen by its address gets a choice, not
 * a server's validation message.
 */
import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/shellApi.ts';
import { isFlying, runIntent, runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';
import { useAccountState } from '../../state/account.ts';
import type { RecentRun } from './recentRuns.ts';
import { useRecentRuns } from './useRecentRuns.ts';

const TASK_PATH = '/task';

function RunChoice({ choice }: { choice: RecentRun }) {
  const { t } = useTranslation('subtasksInfo');
  const words = useTranslation('taskWords').t;
  const { run } = choice;
  const flying = isFlying(run.state);
  return (
    <li>
      <button
        type="button"
        className="sd-wall-choice"
        data-testid="wall-pick"
        data-id={run.id}
        onClick={() => navigateTo(`/taskInfoMap?id=${String(run.id)}`)}
      >
        <span className="sd-wall-choice-main">
          <span className="sd-wall-choice-name">{choice.taskName}</span>
          <span className="sd-wall-choice-sub">
            {t('picker.runOf', {
              dock: run.dock_sn,
              at: formatTime(run.started_at ?? run.planned_at),
            })}
          </span>
        </span>
        <Tag minimal={!flying} intent={runIntent(run.state)}>
          {runStateLabel(words, run.state)}
        </Tag>
      </button>
    </li>
  );
}

/** The list of recent flights to show on the wall. */
export function FlightPicker() {
  const { t } = useTranslation('subtasksInfo');
  const workspace = useAccountState().workspace;
  const load = useRecentRuns(workspace?.id);
  const toTasks = (
    <Button icon="list" text={t('picker.toTasks')} onClick={() => navigateTo(TASK_PATH)} />
  );
  let body;
  if (load.status === 'loading') body = <Spinner />;
  else if (load.status === 'error')
    body = <NonIdealState icon="error" title={t('picker.failed')} action={toTasks} />;
  else if (load.runs.length === 0)
    body = (
      <NonIdealState
        icon="inbox"
        title={t('picker.empty')}
        description={t('picker.emptyHint')}
        action={toTasks}
      />
    );
  else
    body = (
      <ul className="sd-wall-choices">
        {load.runs.map((choice) => (
          <RunChoice key={choice.run.id} choice={choice} />
        ))}
      </ul>
    );
  return (
    <div className="sd-wall bp6-dark" data-testid="wall-picker">
      <div className="sd-wall-picker">
        <h2 className="sd-wall-picker-title">{t('picker.title')}</h2>
        <p className="sd-wall-picker-hint">{t('picker.hint')}</p>
        {body}
      </div>
    </div>
  );
}
