import { useState } from 'react';
import { Dialog, DialogBody, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NotificationChannel } from '../../../protocol/notifications.ts';
import {
  CHANNEL_KINDS,
  FEISHU_FORMATS,
  MESSAGE_LANGS,
  SMTP_SECURITY,
} from '../../../protocol/notifications.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';
import type { ChannelDraft, ChannelField } from './channelDraft.ts';
import {
  channelBody,
  channelDraftOf,
  channelInvalid,
  channelProblem,
  emptyChannel,
  KIND_FIELDS,
  SECRET_INPUTS,
} from './channelDraft.ts';
import { ChoiceSelect, Field } from './formParts.tsx';
import { addChannel, editChannel } from './notificationsApi.ts';

interface Props {
  /** The channel to edit, or null to add one to `workspaceId`. */
  channel: NotificationChannel | null;
  workspaceId: number;
  onClose: () => void;
  onSaved: () => void;
}

type FormField = ChannelField | 'name';
type Setter = <K extends keyof ChannelDraft>(key: K, value: ChannelDraft[K]) => void;

/** Fields a 400 may name (`config.url` → the URL field). */
const SERVER_FIELDS: Readonly<Record<string, FormField>> = {
  name: 'name',
  'config.url': 'url',
  'config.secret': 'secret',
  'config.host': 'host',
  'config.port': 'port',
  'config.user': 'user',
  'config.password': 'password',
  'config.from': 'from',
  'config.to': 'to',
  'config.to.0': 'to',
};

const OPTIONAL: ReadonlySet<FormField> = new Set([
  'secret',
  'user',
  'password',
  'security',
  'format',
]);

/** The input of one settings field of the channel's kind. */
function ConfigInput({
  field,
  draft,
  set,
}: {
  field: ChannelField;
  draft: ChannelDraft;
  set: Setter;
}) {
  const { t } = useTranslation('notifications');
  const id = `channel-${field}`;
  if (field === 'security')
    return (
      <ChoiceSelect
        id={id}
        value={draft.security}
        options={SMTP_SECURITY}
        word={(v) => t(`security.${v}`)}
        onChange={(v) => set('security', v)}
      />
    );
  if (field === 'format')
    return (
      <ChoiceSelect
        id={id}
        value={draft.format}
        options={FEISHU_FORMATS}
        word={(v) => t(`formats.${v}`)}
        onChange={(v) => set('format', v)}
      />
    );
  if (field === 'to')
    return (
      <TextArea
        id={id}
        fill
        rows={2}
        value={draft.to}
        onChange={(e) => set('to', e.target.value)}
      />
    );
  return (
    <InputGroup
      id={id}
      type={SECRET_INPUTS.has(field) ? 'password' : 'text'}
      autoComplete="off"
      value={draft[field]}
      maxLength={field === 'url' ? 2000 : 320}
      onValueChange={(v) => set(field, v)}
    />
  );
}

/** Adds or edits a channel; the fields follow its kind. */
export function ChannelDialog({ channel, workspaceId, onClose, onSaved }: Props) {
  const { t } = useTranslation('notifications');
  const [draft, setDraft] = useState<ChannelDraft>(() =>
    channel ? channelDraftOf(channel) : emptyChannel(),
  );
  const submit = useFormSubmit<FormField>({
    invalid: () => channelInvalid(draft),
    save: async () => {
      if (channel) await editChannel(channelBody(draft, { id: channel.id }));
      else await addChannel(channelBody(draft, { workspace_id: workspaceId }));
      toastSuccess(t(channel ? 'saved' : 'added', { name: draft.name.trim() }));
    },
    onDone: onSaved,
    fields: SERVER_FIELDS,
  });
  const set: Setter = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const label = (field: FormField): string =>
    field !== 'url' || draft.kind === 'email'
      ? t(`channelForm.${field}`)
      : t(`channelForm.${draft.kind}Url`);
  const error = (field: FormField) => {
    const p = submit.touched ? channelProblem(draft, field) : undefined;
    if (p === undefined) return submit.serverErrors[field];
    return p === 'required' ? t('required', { field: label(field) }) : t(p, { min: 1, max: 65535 });
  };
  const hint = (field: ChannelField): string | undefined => {
    if (field === 'secret')
      return t(
        draft.kind === 'webhook' ? 'channelForm.webhookSecretHint' : 'channelForm.robotSecretHint',
      );
    if (field === 'to') return t('channelForm.toHint');
    const kept = SECRET_INPUTS.has(field) || field === 'url';
    return channel && kept ? t('channelForm.keptHint') : undefined;
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(channel ? 'channelForm.editTitle' : 'channelForm.addTitle')}
      icon={channel ? 'edit' : 'add'}
      className="sd-notify-dialog"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          <Field id="channel-name" label={label('name')} required error={error('name')}>
            <InputGroup
              id="channel-name"
              value={draft.name}
              maxLength={64}
              onValueChange={(v) => set('name', v)}
            />
          </Field>
          <div className="sd-notify-pair">
            <Field id="channel-kind" label={t('channelForm.kind')}>
              <ChoiceSelect
                id="channel-kind"
                value={draft.kind}
                options={CHANNEL_KINDS}
                word={(v) => t(`kinds.${v}`)}
                onChange={(v) => set('kind', v)}
              />
            </Field>
            <Field id="channel-lang" label={t('channelForm.lang')}>
              <ChoiceSelect
                id="channel-lang"
                value={draft.lang}
                options={MESSAGE_LANGS}
                word={(v) => t(`langs.${v}`)}
                onChange={(v) => set('lang', v)}
              />
            </Field>
          </div>
          {KIND_FIELDS[draft.kind].map((field) => (
            <Field
              key={field}
              id={`channel-${field}`}
              label={label(field)}
              required={!OPTIONAL.has(field)}
              error={error(field)}
              hint={hint(field)}
            >
              <ConfigInput field={field} draft={draft} set={set} />
            </Field>
          ))}
          <Switch
            label={t('channelForm.enabled')}
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
