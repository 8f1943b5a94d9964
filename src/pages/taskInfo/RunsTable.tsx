import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskExecution } from '../../../protocol/tasks.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { OpenRunInReplay } from '../../components/OpenInReplay/OpenInReplay.tsx';
import { runSummary, runTag } from '../../components/TaskWords/runVerdictWords.ts';
import { formatTime } from '../../lib/time.ts';
import { durationText } from './duration.ts';

/**
 * Every run of the task, newest first, each linking to its own page and to the replay of its
 * flight. A finished run is tagged and described by its verdict (what the aircraft did), not by its
 * dock's last word. A `conditional` task's run with its dock is waiting for its conditions.
 */
export function RunsTable({
  runs,
  conditional,
}: {
  runs: readonly TaskExecution[];
  conditional: boolean;
}) {
  const { t } = useTranslation('taskInfo');
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
          {runs.map((x) => {
            const tag = runTag(words, x);
            // Each cell names its column: on a phone the rows are drawn as cards without the header.
            return (
              <tr key={x.id} data-state={x.state} data-verdict={x.verdict?.result}>
                <td data-label={t('plannedAt')}>{formatTime(x.planned_at)}</td>
                <td data-label={t('state')}>
                  <Tag minimal intent={tag.intent} title={tag.title} data-testid="run-tag">
                    {conditional && x.state === 'prepared' ? t('waitingConditions') : tag.label}
                  </Tag>
                </td>
                <td data-label={t('progress')}>{`${String(Math.round(x.percent))}%`}</td>
                <td data-label={t('startedAt')}>{formatTime(x.started_at) || t('none')}</td>
                <td data-label={t('endedAt')}>{formatTime(x.ended_at) || t('none')}</td>
                <td data-label={t('duration')}>{durationText(t, x.started_at, x.ended_at)}</td>
                <td
                  data-label={t('result')}
                  className="sd-task-runs-reason"
                  data-testid="run-outcome"
                >
                  {runSummary(words, x) || t('none')}
                </td>
                <td className="sd-task-runs-actions">
                  <Button
                    variant="minimal"
                    icon="arrow-right"
                    text={t('open')}
                    onClick={() => navigateTo(`/subtasksInfo/${String(x.id)}`)}
                  />
                  {/* The lesser actions are icons with their words in a tooltip: the run's result
                      keeps the width a 1440-px window has. */}
                  <Button
                    variant="minimal"
                    icon="fullscreen"
                    aria-label={t('wallMap')}
                    title={t('wallMap')}
                    onClick={() => navigateTo(`/taskInfoMap?id=${String(x.id)}`)}
                  />
                  <OpenRunInReplay run={x} compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
