import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AirspaceRouteCheck } from '../../../protocol/airspace.ts';
import { AIRSPACE_ACCESS } from '../../../protocol/airspace.ts';
import type { FlightTask } from '../../../protocol/tasks.ts';
import { addTask, editTask } from '../../api/tasks.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import type { FormSubmit } from '../FormDialogFooter/useFormSubmit.ts';
import { useFormSubmit } from '../FormDialogFooter/useFormSubmit.ts';
import { usePermission } from '../Permission/Permission.tsx';
import { useAccountState } from '../../state/account.ts';
import { editOf, emptyForm, formOf, toInput, type TaskForm } from './taskForm.ts';
import { useAirspaceCheck } from './useAirspaceCheck.ts';
import { useTaskOptions } from './useTaskOptions.ts';

/** Sets one field of the task form. */
export type SetTaskField = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => void;

/** A form field's intent: marked once Save was pressed and the form names it as the problem. */
export type TaskFieldIntent = (key: keyof TaskForm) => 'danger' | 'none';

export interface TaskFormController {
  /** The task's project; `null` while no project is chosen (nothing can be saved then). */
  workspaceId: number | null;
  options: ReturnType<typeof useTaskOptions>;
  form: TaskForm;
  set: SetTaskField;
  /** The field to mark wrong, once Save was pressed. */
  problem: keyof TaskForm | null;
  intent: TaskFieldIntent;
  /** The chosen route against the project's airspace, when answered. */
  airspace: AirspaceRouteCheck | null;
  canOverride: boolean;
  /** The user asked to fly the chosen route despite its airspace conflicts. */
  overriding: boolean;
  onOverride: (on: boolean) => void;
  submit: FormSubmit<'name'>;
}

/**
 * The task dialog's state without its looks: the form, the project's routes and docks, the chosen
 * route's airspace check with its override, and the save that creates or changes the task.
 */
export function useTaskForm(task: FlightTask | undefined, onSaved: () => void): TaskFormController {
  const { t } = useTranslation('taskDialog');
  const { workspace } = useAccountState();
  // A task stays in its own project, whichever project is chosen at the top.
  const workspaceId = task?.workspace_id ?? workspace?.id ?? null;
  const options = useTaskOptions(workspaceId);
  const [form, setForm] = useState<TaskForm>(() =>
    task ? formOf(task, Date.now()) : emptyForm(Date.now()),
  );
  const set: SetTaskField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
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
  const intent: TaskFieldIntent = (key) => (problem === key ? 'danger' : 'none');
  const onOverride = (on: boolean): void => setOverride(on ? form.waylineId : null);
  return {
    workspaceId,
    options,
    form,
    set,
    problem,
    intent,
    airspace,
    canOverride,
    overriding,
    onOverride,
    submit,
  };
}
