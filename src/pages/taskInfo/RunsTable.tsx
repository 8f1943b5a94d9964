import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import {
  isEnded,
  runIntent,
  runOutcome,
  runStateLabel,
} from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';
import { durationText } from './duration.ts';

/**
 * Every run of the task, newest first, each linking to its own page. A `conditional` task's run
 * with its dock is waiting for its conditions.
 */
export function RunsTable({
  runs,
  conditional,
}: {
  runs: readonly TaskExecution[];
  conditional: boolean;
}) {
  const { t } = useTranslation('taskInfoPage');
  const words = useTranslation('taskWords').t;
  if (runs.length === 0) return <NonIdealState icon="inbox" title={t('noRuns')} />;
  return (
    <div className="sd-task-runs-wrap">
      <HTMLTable compact striped className="sd-task-runs" data-testid="task-runs">
        <thead>
          <tr>
            <th>{t('plannedAt')}</th>
            <th>{t('state')}</th>
            <th>{t('progress')}</th>
            <th>{t('startedAt')}</th>
            <th>{t('endedAt')}</th>
            <th>{t('duration')}</th>
            <th>{t('result')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {runs.map((x) => (
            <tr key={x.id} data-state={x.state}>
              <td>{formatTime(x.planned_at)}</td>
              <td>
                <Tag minimal intent={runIntent(x.state)}>
                  {conditional && x.state === 'prepared'
                    ? t('waitingConditions')
                    : runStateLabel(words, x.state)}
                </Tag>
              </td>
              <td>{`${String(Math.round(x.percent))}%`}</td>
              <td>{formatTime(x.started_at) || t('none')}</td>
              <td>{formatTime(x.ended_at) || t('none')}</td>
              <td>{durationText(t, x.started_at, x.ended_at)}</td>
              <td className="sd-task-runs-reason" data-testid="run-outcome">
                {(isEnded(x.state) ? runOutcome(words, x) : x.reason) || t('none')}
              </td>
              <td>
                <Button
                  variant="minimal"
                  icon="arrow-right"
                  text={t('open')}
                  onClick={() => navigateTo(`/subtasksInfo/${String(x.id)}`)}
                />
                <Button
                  variant="minimal"
                  icon="fullscreen"
                  text={t('wallMap')}
                  onClick={() => navigateTo(`/taskInfoMap?id=${String(x.id)}`)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
