import { FormGroup, HTMLSelect } from '@blueprintjs/core';

interface Props<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}

/** A labelled select over a fixed set of values. */
export function SelectField<T extends string>(p: Props<T>) {
  return (
    <FormGroup label={p.label} inline className="sd-editor-field">
      <HTMLSelect
        value={p.value}
        disabled={p.disabled}
        fill
        data-testid={p.testId}
        options={p.options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(e) => {
          const chosen = p.options.find((o) => o.value === e.currentTarget.value);
          if (chosen) p.onChange(chosen.value);
        }}
      />
    </FormGroup>
  );
}
