import { useState, type ReactNode } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device, DeviceAdded } from '../../../protocol/http.ts';
import { addDevice, editDevice } from '../../api/devices.ts';
import { toastSuccess } from '../../app/toaster.ts';
import type { FieldOption } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import type { DeviceDraft, DraftField } from './deviceDraft.ts';
import { addBody, draftOf, draftProblem, editBody, emptyDraft } from './deviceDraft.ts';
import { DOMAINS, modelOptions } from './modelOptions.ts';
import { useProjectOptions } from './projectOptions.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

interface Props {
  /** The device to edit, or null to bind a new one. */
  device: Device | null;
  onClose: () => void;
  /** Called after a successful save; a bind passes the answer holding the one-time secret. */
  onSaved: (added: DeviceAdded | null) => void;
}

/** The form's fields under which a server-side refusal is shown (named as the server names them). */
const SERVER_FIELDS: readonly DraftField[] = ['device_sn', 'name', 'workspace_id', 'gateway_sn'];

/** Binds a device by serial number, or edits a bound device's name and project. */
export function DeviceFormDialog({ device, onClose, onSaved }: Props) {
  const { t } = useTranslation('devices');
  const adding = device === null;
  const projects = useProjectOptions();
  const current = useAccountState().workspace;
  const preset = projects.some((p) => p.value === String(current?.id)) ? String(current?.id) : '';
  const [draft, setDraft] = useState<DeviceDraft>(device ? draftOf(device) : emptyDraft(preset));
  const [domain, setDomain] = useState(String(device?.domain ?? 0));
  const submit = useFormSubmit({
    invalid: () =>
      (Object.keys(draft) as DraftField[]).some(
        (f) => draftProblem(draft, f, adding) !== undefined,
      ),
    save: async () => {
      if (adding) {
        const answer = await addDevice(addBody(draft));
        toastSuccess(t('added', { sn: answer.device_sn }));
        onSaved(answer);
      } else {
        await editDevice(editBody(draft));
        toastSuccess(t('saved', { sn: draft.device_sn }));
        onSaved(null);
      }
    },
    fields: SERVER_FIELDS,
  });
  const set = (field: DraftField) => (value: string) => setDraft({ ...draft, [field]: value });
  const problem = (field: DraftField, label: string) => {
    const p = submit.touched ? draftProblem(draft, field, adding) : undefined;
    if (p === undefined) return submit.serverErrors[field];
    return p === 'required' ? t('required', { field: label }) : t(p);
  };

  const row = (field: DraftField, label: string, input: ReactNode, helper?: string) => (
    <FormGroup
      label={label}
      labelFor={`device-${field}`}
      // Required: the fields the form refuses when empty (the serial number, model and project).
      labelInfo={
        draftProblem({ ...draft, [field]: '' }, field, adding) === 'required' ? '*' : undefined
      }
      intent={problem(field, label) ? 'danger' : 'none'}
      helperText={problem(field, label) ?? helper}
    >
      {input}
    </FormGroup>
  );
  const text = (field: DraftField, extra: { disabled?: boolean; placeholder?: string } = {}) => (
    <InputGroup
      id={`device-${field}`}
      value={draft[field]}
      maxLength={64}
      onValueChange={set(field)}
      {...extra}
    />
  );
  const select = (field: DraftField, options: FieldOption[], disabled = false) => (
    <HTMLSelect
      id={`device-${field}`}
      fill
      disabled={disabled}
      value={draft[field]}
      onChange={(e) => set(field)(e.target.value)}
    >
      <option value="">{t('choose', { ns: 'table' })}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={adding ? t('addTitle') : t('editTitle')}
      icon={adding ? 'add' : 'edit'}
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          {row('device_sn', t('sn'), text('device_sn', { disabled: !adding }))}
          {row('name', t('name'), text('name', { placeholder: t('namePlaceholder') }))}
          {adding && (
            <FormGroup label={t('type')} labelFor="device-domain">
              <HTMLSelect
                id="device-domain"
                fill
                value={domain}
                onChange={(e) => {
                  setDomain(e.target.value);
                  setDraft({ ...draft, model: '', gateway_sn: '' });
                }}
              >
                {DOMAINS.map((d) => (
                  <option key={d.domain} value={d.domain}>
                    {t(`types.${d.kind}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {row('model', t('model'), select('model', modelOptions(Number(domain)), !adding))}
          {row('workspace_id', t('project'), select('workspace_id', projects))}
          {adding &&
            domain === '0' &&
            row('gateway_sn', t('gateway'), text('gateway_sn'), t('gatewayHint'))}
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
