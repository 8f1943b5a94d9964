import { useState } from 'react';
import {
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  SegmentedControl,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AIRSPACE_ACCESS } from '../../../protocol/airspace.ts';
import { SCHEDULE_KINDS, type FlightTask, type ScheduleKind } from '../../../protocol/tasks.ts';
import { addTask, editTask } from '../../api/tasks.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { FormDialogFooter } from '../FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../FormDialogFooter/useFormSubmit.ts';
import { useAccountState } from '../../state/account.ts';
import { usePermission } from '../Permission/Permission.tsx';
import { LOST_ACTIONS, PRECISIONS } from '../TaskWords/taskWords.ts';
import { AirspaceCheck } from './AirspaceCheck.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { editOf, emptyForm, formOf, toInput, type TaskForm } from './taskForm.ts';
import { useAirspaceCheck } from './useAirspaceCheck.ts';
import { useTaskOptions } from './useTaskOptions.ts';
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
  const { workspace } = useAccountState();
  // A task stays in its own project, whichever project is chosen at the top.
  const workspaceId = task?.workspace_id ?? workspace?.id ?? null;
  const options = useTaskOptions(workspaceId);
  const [form, setForm] = useState<TaskForm>(() =>
    task ? formOf(task, Date.now()) : emptyForm(Date.now()),
  );
  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const checked = toInput(form, workspaceId ?? 0);
  const airspace = useAirspaceCheck(form.waylineId);
  const canOverride = usePermission(AIRSPACE_ACCESS.override);
  // Asked for one route; choosing another asks again.
  const [override, setOverride] = useState<string | null>(null);
  const overriding = override !== null && override === form.waylineId;
  const submit = useFormSubmit<'name'>({
    invalid: () => 'problem' in checked || workspaceId === null,
    save: async () => {
      if ('problem' in checked) return;
      const input = overriding ? { ...checked.input, override_airspace: true } : checked.input;
      const saved = task ? await editTask(editOf(input, task.id)) : await addTask(input);
      toastSuccess(t(task ? 'edited' : 'created', { name: saved.name }));
    },
    onDone: onSaved,
    fields: ['name'],
  });
  const problem = submit.touched && 'problem' in checked ? checked.problem : null;
  const intent = (key: keyof TaskForm) => (problem === key ? 'danger' : 'none');
  const select = (
    key: 'rcLostExit' | 'lostAction' | 'precision',
    labels: { value: number; label: string }[],
  ) => (
    <FormGroup label={t(`form.${key === 'rcLostExit' ? 'rcLost' : key}`)} labelFor={`task-${key}`}>
      <HTMLSelect
        id={`task-${key}`}
        fill
        value={form[key]}
        options={labels}
        onChange={(e) => set(key, Number(e.currentTarget.value))}
      />
    </FormGroup>
  );
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
          {workspaceId === null && <p className="bp6-text-muted">{t('form.noProject')}</p>}
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
          <FormGroup
            label={t('form.wayline')}
            labelFor="task-wayline"
            labelInfo="*"
            intent={intent('waylineId')}
            helperText={problem === 'waylineId' ? t('form.required') : undefined}
          >
            <HTMLSelect
              id="task-wayline"
              fill
              value={form.waylineId}
              onChange={(e) => set('waylineId', e.currentTarget.value)}
              options={[
                { value: '', label: t('form.pickWayline') },
                ...options.waylines.map((w) => ({ value: String(w.id), label: w.name })),
              ]}
            />
          </FormGroup>
          {airspace && (
            <AirspaceCheck
              check={airspace}
              canOverride={canOverride}
              override={overriding}
              onOverride={(on) => setOverride(on ? form.waylineId : null)}
            />
          )}
          <FormGroup
            label={t('form.dock')}
            labelFor="task-dock"
            labelInfo="*"
            intent={intent('dockSn')}
            helperText={problem === 'dockSn' ? t('form.required') : undefined}
          >
            <HTMLSelect
              id="task-dock"
              fill
              value={form.dockSn}
              onChange={(e) => set('dockSn', e.currentTarget.value)}
              options={[
                { value: '', label: t('form.pickDock') },
                ...options.docks.map((d) => ({
                  value: d.device_sn,
                  label: `${d.name || d.device_sn}${d.online ? '' : t('form.offline')}`,
                })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t('form.kind')}>
            <SegmentedControl
              fill
              value={form.kind}
              options={SCHEDULE_KINDS.map((k) => ({ value: k, label: words(`kinds.${k}`) }))}
              onValueChange={(v) => set('kind', v as ScheduleKind)}
            />
          </FormGroup>
          <ScheduleFields form={form} set={set} problem={problem} />
          <FormGroup label={t('form.rthAltitude')} labelFor="task-rth">
            <NumericInput
              id="task-rth"
              fill
              min={20}
              max={1500}
              value={form.rthAltitude}
              onValueChange={(v) => set('rthAltitude', Number.isFinite(v) ? v : 20)}
            />
          </FormGroup>
          {select('rcLostExit', [
            { value: 0, label: words('rcLostKeep') },
            { value: 1, label: words('rcLostExit') },
          ])}
          {select(
            'lostAction',
            LOST_ACTIONS.map((a, i) => ({ value: i, label: words(`lostActions.${a}`) })),
          )}
          {select(
            'precision',
            PRECISIONS.map((p, i) => ({ value: i, label: words(`precisions.${p}`) })),
          )}
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
