import { Checkbox, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskForm } from './taskForm.ts';
import { WEEKDAYS } from '../TaskWords/taskWords.ts';

interface Props {
  form: TaskForm;
  set: <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => void;
  /** The field to mark wrong, once Save was pressed. */
  problem: keyof TaskForm | null;
}

/** The inputs of the chosen schedule kind (nothing for an immediate task). */
export function ScheduleFields({ form, set, problem }: Props) {
  const { t } = useTranslation('taskDialog');
  const words = useTranslation('taskWords').t;
  const intent = (key: keyof TaskForm) => (problem === key ? 'danger' : 'none');
  const dateTime = (key: 'at' | 'begin' | 'end' | 'from' | 'to', type = 'datetime-local') => (
    <FormGroup
      label={t(`form.${key}`)}
      labelFor={`task-${key}`}
      intent={intent(key)}
      helperText={
        problem === key && (key === 'to' || key === 'end') ? t('form.badRange') : undefined
      }
    >
      <InputGroup
        id={`task-${key}`}
        type={type}
        value={form[key]}
        intent={intent(key)}
        onValueChange={(v) => set(key, v)}
      />
    </FormGroup>
  );
  switch (form.kind) {
    case 'immediate':
      return null;
    case 'timed':
      return dateTime('at');
    case 'recurring':
      return (
        <>
          <FormGroup label={t('form.days')} intent={intent('days')}>
            {WEEKDAYS.map((day, i) => (
              <Checkbox
                key={day}
                inline
                label={words(`weekdays.${day}`)}
                checked={form.days.includes(i)}
                onChange={(e) =>
                  set(
                    'days',
                    e.currentTarget.checked ? [...form.days, i] : form.days.filter((d) => d !== i),
                  )
                }
              />
            ))}
          </FormGroup>
          <FormGroup
            label={t('form.times')}
            labelFor="task-times"
            helperText={problem === 'times' ? t('form.badTimes') : t('form.timesHint')}
            intent={intent('times')}
          >
            <InputGroup
              id="task-times"
              value={form.times}
              intent={intent('times')}
              onValueChange={(v) => set('times', v)}
            />
          </FormGroup>
          <div className="sd-task-pair">
            {dateTime('from', 'date')}
            {dateTime('to', 'date')}
          </div>
        </>
      );
    case 'conditional':
      return (
        <>
          <FormGroup label={t('form.battery')} labelFor="task-battery">
            <NumericInput
              id="task-battery"
              min={1}
              max={100}
              value={form.battery}
              onValueChange={(v) => set('battery', Number.isFinite(v) ? v : 1)}
            />
          </FormGroup>
          <div className="sd-task-pair">
            {dateTime('begin')}
            {dateTime('end')}
          </div>
        </>
      );
  }
}
