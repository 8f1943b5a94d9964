import { Dialog, DialogBody, FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_KINDS, type FlightTask, type ScheduleKind } from '../../../protocol/tasks.ts';
import { FormDialogFooter } from '../FormDialogFooter/FormDialogFooter.tsx';
import { FlightFields } from './FlightFields.tsx';
import { RouteFields } from './RouteFields.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { useTaskForm } from './useTaskForm.ts';
import './taskDialog.css';

/** Longest task name the server accepts. */
const NAME_MAX = 64;

/**
 * Creates a task, or changes `task` (the same form, filled with it). The server's refusals (overlap,
 * a run under way, a time already past) come as a toast; a field it names is marked. A route that
 * conflicts with the project's airspace is named under the route, with the override for a user
 * allowed it.
 */
export function TaskDialog({
  task,
  onClose,
  onSaved,
}: {
  task?: FlightTask;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('taskDialog');
  const words = useTranslation('taskWords').t;
  const c = useTaskForm(task, onSaved);
  const { form, set, submit, intent } = c;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(task ? 'form.editTitle' : 'form.title')}
      icon={task ? 'edit' : 'add'}
      className="sd-task-dialog"
    >
      <form onSubmit={submit.onSubmit} data-testid="task-form">
        <DialogBody>
          {c.workspaceId === null && <p className="bp6-text-muted">{t('form.noProject')}</p>}
          <FormGroup
            label={t('form.name')}
            labelFor="task-name"
            labelInfo="*"
            intent={intent('name')}
            helperText={submit.serverErrors.name}
          >
            <InputGroup
              id="task-name"
              autoFocus
              maxLength={NAME_MAX}
              value={form.name}
              intent={intent('name')}
              onValueChange={(v) => set('name', v)}
            />
          </FormGroup>
          <RouteFields
            form={form}
            set={set}
            problem={c.problem}
            intent={intent}
            options={c.options}
            airspace={c.airspace}
            canOverride={c.canOverride}
            overriding={c.overriding}
            onOverride={c.onOverride}
          />
          <FormGroup label={t('form.kind')}>
            <SegmentedControl
              fill
              value={form.kind}
              options={SCHEDULE_KINDS.map((k) => ({ value: k, label: words(`kinds.${k}`) }))}
              onValueChange={(v) => set('kind', v as ScheduleKind)}
            />
          </FormGroup>
          <ScheduleFields form={form} set={set} problem={c.problem} />
          <FlightFields form={form} set={set} />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
