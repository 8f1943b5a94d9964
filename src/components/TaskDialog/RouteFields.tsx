import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AirspaceCheck } from './AirspaceCheck.tsx';
import type { TaskFormController } from './useTaskForm.ts';

type Props = Pick<
  TaskFormController,
  | 'form'
  | 'set'
  | 'problem'
  | 'intent'
  | 'options'
  | 'airspace'
  | 'canOverride'
  | 'overriding'
  | 'onOverride'
>;

/** What the task flies and from where: the route (with its airspace check) and the dock. */
export function RouteFields({
  form,
  set,
  problem,
  intent,
  options,
  airspace,
  canOverride,
  overriding,
  onOverride,
}: Props) {
  const { t } = useTranslation('taskDialog');
  return (
    <>
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
          onOverride={onOverride}
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
    </>
  );
}
