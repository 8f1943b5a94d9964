import { useState } from 'react';
import { Callout, Checkbox, Dialog, DialogBody, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AI_CATEGORIES } from '../../../protocol/aiAlarms.ts';
import { GAS_CHANNELS } from '../../../protocol/gas.ts';
import type { GasChannel } from '../../../protocol/gas.ts';
import type { NotificationChannel, NotificationRule } from '../../../protocol/notifications.ts';
import { EVENT_KINDS } from '../../../protocol/notifications.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';
import { ChoiceSelect, Field, Ticks } from './formParts.tsx';
import { addRule, editRule } from './notificationsApi.ts';
import type { RuleDraft, RuleField } from './ruleDraft.ts';
import { emptyRule, RULE_FIELDS, ruleBody, ruleDraftOf, ruleProblem } from './ruleDraft.ts';

interface Props {
  rule: NotificationRule | null;
  workspaceId: number;
  channels: readonly NotificationChannel[];
  onClose: () => void;
  onSaved: () => void;
}

type Setter = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => void;
type TextKey = 'name' | 'min_confidence' | 'rate_limit_minutes' | 'device_sns' | 'timezone';

const SERVER_FIELDS: Readonly<Record<string, RuleField>> = {
  name: 'name',
  channel_ids: 'channel_ids',
  rate_limit_minutes: 'rate_limit_minutes',
  'filter.min_confidence': 'min_confidence',
  'quiet_hours.end': 'quiet_end',
  'quiet_hours.start': 'quiet_end',
  'quiet_hours.timezone': 'quiet_end',
};

function TextInput({
  name,
  draft,
  set,
  type = 'text',
}: {
  name: TextKey;
  draft: RuleDraft;
  set: Setter;
  type?: string;
}) {
  return (
    <InputGroup
      id={`rule-${name}`}
      type={type}
      value={draft[name]}
      maxLength={name === 'device_sns' ? 2000 : 64}
      onValueChange={(v) => set(name, v)}
    />
  );
}

/** The filter fields of the rule's event kind, and the device list every kind has. */
function FilterFields({
  draft: d,
  set,
  error,
}: {
  draft: RuleDraft;
  set: Setter;
  error: string | undefined;
}) {
  const { t } = useTranslation('notifications');
  const { t: tAi } = useTranslation('aiAlarms');
  const { t: tGas } = useTranslation('gas');
  const levels = d.event_kind === 'gas' ? (['1', '2'] as const) : (['0', '1', '2'] as const);
  return (
    <>
      {(d.event_kind === 'hms' || d.event_kind === 'gas') && (
        <Field id="rule-level" label={t('ruleForm.minLevel')}>
          <ChoiceSelect
            id="rule-level"
            value={d.min_level as (typeof levels)[number]}
            options={levels}
            word={(l) => (d.event_kind === 'gas' ? t(`gasLevels.${l as '1'}`) : t(`levels.${l}`))}
            onChange={(v) => set('min_level', v)}
          />
        </Field>
      )}
      {d.event_kind === 'gas' && (
        <Field label={t('ruleForm.gases')} hint={t('ruleForm.gasesHint')}>
          <Ticks
            all={GAS_CHANNELS}
            picked={d.gases as GasChannel[]}
            word={(g) => tGas(`gases.${g}`)}
            onChange={(v) => set('gases', v)}
          />
        </Field>
      )}
      {d.event_kind === 'ai_alarm' && (
        <>
          <Field label={t('ruleForm.categories')} hint={t('ruleForm.categoriesHint')}>
            <Ticks
              all={AI_CATEGORIES}
              picked={d.categories as (typeof AI_CATEGORIES)[number][]}
              word={(c) => tAi(`categories.${c}`)}
              onChange={(v) => set('categories', v)}
            />
          </Field>
          <Field id="rule-min_confidence" label={t('ruleForm.minConfidence')} error={error}>
            <TextInput name="min_confidence" type="number" draft={d} set={set} />
          </Field>
        </>
      )}
      <Field id="rule-device_sns" label={t('ruleForm.devices')} hint={t('ruleForm.devicesHint')}>
        <TextInput name="device_sns" draft={d} set={set} />
      </Field>
    </>
  );
}

/** The quiet-hours switch and, when on, the range, its zone and the digest choice. */
function QuietHours({
  draft: d,
  set,
  error,
}: {
  draft: RuleDraft;
  set: Setter;
  error: string | undefined;
}) {
  const { t } = useTranslation('notifications');
  const time = (key: 'quiet_start' | 'quiet_end') => (
    <InputGroup id={`rule-${key}`} type="time" value={d[key]} onValueChange={(v) => set(key, v)} />
  );
  return (
    <fieldset className="sd-notify-quiet">
      <Switch
        label={t('ruleForm.quiet')}
        checked={d.quiet}
        onChange={(e) => set('quiet', e.currentTarget.checked)}
      />
      {d.quiet && (
        <>
          <div className="sd-notify-pair">
            <Field id="rule-quiet_start" label={t('ruleForm.quietStart')}>
              {time('quiet_start')}
            </Field>
            <Field id="rule-quiet_end" label={t('ruleForm.quietEnd')} error={error}>
              {time('quiet_end')}
            </Field>
          </div>
          <Field id="rule-timezone" label={t('ruleForm.timezone')}>
            <TextInput name="timezone" draft={d} set={set} />
          </Field>
          <Checkbox
            label={t('ruleForm.digest')}
            checked={d.digest}
            onChange={(e) => set('digest', e.currentTarget.checked)}
          />
        </>
      )}
    </fieldset>
  );
}

/** Adds or edits a rule: its event and filter, channels, quiet hours and rate limit. */
export function RuleDialog({ rule, workspaceId, channels, onClose, onSaved }: Props) {
  const { t } = useTranslation('notifications');
  const [d, setDraft] = useState<RuleDraft>(() =>
    rule ? ruleDraftOf(rule) : emptyRule(channels.length === 1 ? channels.map((c) => c.id) : []),
  );
  const submit = useFormSubmit<RuleField>({
    invalid: () => RULE_FIELDS.some((f) => ruleProblem(d, f) !== undefined),
    save: async () => {
      if (rule) await editRule(ruleBody(d, { id: rule.id }));
      else await addRule(ruleBody(d, { workspace_id: workspaceId }));
      toastSuccess(t(rule ? 'saved' : 'added', { name: d.name.trim() }));
    },
    onDone: onSaved,
    fields: SERVER_FIELDS,
  });
  const set: Setter = (key, value) => setDraft((old) => ({ ...old, [key]: value }));
  const error = (field: RuleField, label = '') => {
    const p = submit.touched ? ruleProblem(d, field) : undefined;
    if (p === undefined) return submit.serverErrors[field];
    if (p === 'required') return t('required', { field: label });
    if (p === 'badNumber')
      return t('badNumber', { min: 0, max: field === 'min_confidence' ? 100 : 1440 });
    return t(p as 'pickChannel' | 'quietSame');
  };
  const channelName = (id: number) => {
    const c = channels.find((x) => x.id === id);
    return c ? `${c.name} (${t(`kinds.${c.kind}`)})` : `#${String(id)}`;
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(rule ? 'ruleForm.editTitle' : 'ruleForm.addTitle')}
      icon={rule ? 'edit' : 'add'}
      className="sd-notify-dialog"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          <Field
            id="rule-name"
            label={t('ruleForm.name')}
            required
            error={error('name', t('ruleForm.name'))}
          >
            <TextInput name="name" draft={d} set={set} />
          </Field>
          <Field id="rule-event" label={t('ruleForm.event')}>
            <ChoiceSelect
              id="rule-event"
              value={d.event_kind}
              options={EVENT_KINDS}
              word={(k) => t(`events.${k}`)}
              onChange={(kind) =>
                setDraft((old) => ({
                  ...old,
                  event_kind: kind,
                  min_level: kind === 'gas' ? '1' : '0',
                }))
              }
            />
          </Field>
          <Field label={t('ruleForm.channels')} required error={error('channel_ids')}>
            {channels.length === 0 ? (
              <Callout intent="warning">{t('noChannelsYet')}</Callout>
            ) : (
              <Ticks
                id="rule-channel_ids"
                all={channels.map((c) => c.id)}
                picked={d.channel_ids}
                word={channelName}
                onChange={(v) => set('channel_ids', v)}
              />
            )}
          </Field>
          <FilterFields draft={d} set={set} error={error('min_confidence')} />
          <Field
            id="rule-rate_limit_minutes"
            label={t('ruleForm.rateLimit')}
            error={error('rate_limit_minutes')}
            hint={t('ruleForm.rateHint')}
          >
            <TextInput name="rate_limit_minutes" type="number" draft={d} set={set} />
          </Field>
          <QuietHours draft={d} set={set} error={error('quiet_end')} />
          <Switch
            label={t('ruleForm.enabled')}
            checked={d.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
