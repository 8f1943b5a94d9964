import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '../../components/SearchTable/index.ts';

interface Common {
  id: string;
  label: string;
  value: string;
  /** The message to show under the field, already translated. */
  problem?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A labelled text input with its validation message. */
export function TextField(p: Common & { type?: string; autoFocus?: boolean }) {
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      labelInfo={p.required ? '*' : undefined}
      intent={p.problem ? 'danger' : 'none'}
      helperText={p.problem}
    >
      <InputGroup
        id={p.id}
        type={p.type ?? 'text'}
        value={p.value}
        disabled={p.disabled}
        autoFocus={p.autoFocus}
        intent={p.problem ? 'danger' : 'none'}
        onValueChange={p.onChange}
      />
    </FormGroup>
  );
}

/** A labelled select with a "choose" placeholder and its validation message. */
export function SelectField(p: Common & { options: readonly FieldOption[] }) {
  const { t } = useTranslation('users');
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      labelInfo="*"
      intent={p.problem ? 'danger' : 'none'}
      helperText={p.problem}
    >
      <HTMLSelect
        id={p.id}
        fill
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value)}
      >
        <option value="">{t('choose')}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
