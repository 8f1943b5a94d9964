import { Button, Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { navigateTo } from '../../app/shellApi.ts';
import { PlanFacts } from './PlanFacts.tsx';
import { RunsTable } from './RunsTable.tsx';
import { useTask } from './useTask.ts';
import './taskInfo.css';

/** One task: its plan in words and every run it has had. */
export default function TaskInfoPage() {
  const { t } = useTranslation('taskInfoPage');
  const id = Number(useParams().id);
  const task = useTask(Number.isInteger(id) && id > 0 ? id : 0);
  const back = (
    <Button
      icon="arrow-left"
      variant="minimal"
      text={t('back')}
      onClick={() => navigateTo('/task')}
    />
  );
  if (task === null) return <Spinner />;
  if (task === 'missing')
    return <NonIdealState icon="search" title={t('notFound')} action={back} />;
  return (
    <div className="sd-task-info" data-testid="task-info">
      <div>{back}</div>
      <Card>
        <H4>{t('plan')}</H4>
        <PlanFacts task={task} />
      </Card>
      <Card>
        <H4>{t('runs')}</H4>
        <RunsTable runs={task.executions} />
      </Card>
    </div>
  );
}
