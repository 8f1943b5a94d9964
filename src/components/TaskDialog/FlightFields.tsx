import { FormGroup, HTMLSelect, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOST_ACTIONS, PRECISIONS } from '../TaskWords/taskWords.ts';
import type { TaskForm } from './taskForm.ts';
import type { SetTaskField } from './useTaskForm.ts';

interface Props {
  form: TaskForm;
  set: SetTaskField;
}

/** How the aircraft flies the task: return altitude, what it does on signal loss, the precision. */
export function FlightFields({ form, set }: Props) {
  const { t } = useTranslation('taskDialog');
  const words = useTranslation('taskWords').t;
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
    <>
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
    </>
  );
}
