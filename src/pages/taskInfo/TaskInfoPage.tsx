import { Button, Card, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { navigateTo } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { TaskDialog } from '../../components/TaskDialog/TaskDialog.tsx';
import { isUnderway } from '../../components/TaskWords/taskWords.ts';
import { PlanFacts } from './PlanFacts.tsx';
import { RunsTable } from './RunsTable.tsx';
import { useTask } from './useTask.ts';
import './taskInfo.css';

/** One task: its plan in words (changed here while no run is under way) and every run it has had. */
export default function TaskInfoPage() {
  const { t } = useTranslation('taskInfo');
  const id = Number(useParams().id);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const task = useTask(Number.isInteger(id) && id > 0 ? id : 0, version);
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
  const underway = task.executions.some((x) => isUnderway(x.state));
  return (
    <div className="sd-task-info" data-testid="task-info">
      <div className="sd-task-info-bar">
        {back}
        <Permission code="task:edit">
          <Button
            icon="edit"
            text={t('edit')}
            title={underway ? t('editBusy') : undefined}
            disabled={underway}
            data-testid="task-info-edit"
            onClick={() => setEditing(true)}
          />
        </Permission>
      </div>
      <Card>
        <H4>{t('plan')}</H4>
        <PlanFacts task={task} />
      </Card>
      <Card>
        <H4>{t('runs')}</H4>
        <RunsTable runs={task.executions} conditional={task.schedule.kind === 'conditional'} />
      </Card>
      {editing && (
        <TaskDialog
          task={task}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </div>
  );
}
