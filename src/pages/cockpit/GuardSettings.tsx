/**
 * The latency guard's thresholds in a popover of the session bar: from "warn" the cockpit warns and
 * limits stick authority, from "stop" it stops the sticks. Saved per user on the server; the HUD's
 * link colours and the stick loop follow them at once.
 */
import { Button, FormGroup, NumericInput, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DRC_GUARD_LIMITS } from '../../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../../protocol/drc.ts';
import { ApiError } from '../../api/ApiError.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { fieldErrorsOf } from '../../components/FormDialogFooter/fieldErrors.ts';
import type { FieldErrors } from '../../components/FormDialogFooter/fieldErrors.ts';
import { guardProblems } from './guardSettings.ts';
import type { GuardField } from './guardSettings.ts';

interface Props {
  settings: DrcGuardSettings;
  onSave: (next: DrcGuardSettings) => Promise<void>;
}

const FIELDS: readonly GuardField[] = ['warn_ms', 'stop_ms'];

export function GuardSettings({ settings, onSave }: Props) {
  const { t } = useTranslation('cockpit');
  const [open, setOpen] = useState(false);
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-end"
      content={
        // A fresh form each time it opens, starting from the saved values.
        open ? (
          <GuardForm settings={settings} onSave={onSave} onDone={() => setOpen(false)} />
        ) : undefined
      }
    >
      <Button
        icon="cog"
        data-testid="guard-settings"
        title={t('guard.settings')}
        aria-label={t('guard.settings')}
      >
        <span className="dc-bar-label">{t('guard.settings')}</span>
      </Button>
    </PopoverNext>
  );
}

function GuardForm({ settings, onSave, onDone }: Props & { onDone: () => void }) {
  const { t } = useTranslation('cockpit');
  const [values, setValues] = useState<Record<GuardField, number>>({ ...settings });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<GuardField>>({});
  const problems = guardProblems(values);
  const message = (field: GuardField): string | undefined => {
    const problem = touched ? problems[field] : undefined;
    if (problem === 'range') return t('guard.range', DRC_GUARD_LIMITS);
    if (problem === 'order') return t('guard.order', { warn: values.warn_ms });
    return serverErrors[field];
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    setTouched(true);
    setServerErrors({});
    if (Object.keys(problems).length > 0 || busy) return;
    setBusy(true);
    onSave({ warn_ms: values.warn_ms, stop_ms: values.stop_ms }).then(
      () => {
        setBusy(false);
        toastSuccess(t('guard.saved'));
        onDone();
      },
      (error: unknown) => {
        setBusy(false);
        const named = fieldErrorsOf(error, FIELDS);
        setServerErrors(named);
        if (Object.keys(named).length === 0)
          toastError(error instanceof ApiError ? error.message : String(error));
      },
    );
  };

  const field = (name: GuardField, label: string) => {
    const error = message(name);
    const id = `guard-${name}`;
    return (
      <FormGroup
        label={label}
        labelFor={id}
        labelInfo={t('guard.unit')}
        intent={error === undefined ? 'none' : 'danger'}
        helperText={error}
      >
        <NumericInput
          id={id}
          fill
          buttonPosition="none"
          allowNumericCharactersOnly
          min={DRC_GUARD_LIMITS.min}
          max={DRC_GUARD_LIMITS.max}
          intent={error === undefined ? 'none' : 'danger'}
          value={Number.isNaN(values[name]) ? '' : values[name]}
          onValueChange={(n) => setValues((v) => ({ ...v, [name]: n }))}
        />
      </FormGroup>
    );
  };

  return (
    <form className="dc-guard-form" data-testid="guard-form" onSubmit={submit} noValidate>
      <h4 className="dc-guard-title">{t('guard.settings')}</h4>
      <p className="dc-guard-hint">{t('guard.hint')}</p>
      {field('warn_ms', t('guard.warnMs'))}
      {field('stop_ms', t('guard.stopMs'))}
      <div className="dc-guard-actions">
        <Button text={t('act.cancel')} onClick={onDone} />
        <Button type="submit" intent="primary" loading={busy} text={t('guard.save')} />
      </div>
    </form>
  );
}
