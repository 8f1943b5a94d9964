/** Small form pieces the channel and rule dialogs share. */
import type { ReactNode } from 'react';
import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';

/** A native select over `options`, each shown through `word` (keyboard and screen readers as usual). */
export function ChoiceSelect<V extends string>({
  id,
  value,
  options,
  word,
  onChange,
}: {
  id: string;
  value: V;
  options: readonly V[];
  word: (v: V) => string;
  onChange: (v: V) => void;
}) {
  return (
    <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.target.value as V)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {word(o)}
        </option>
      ))}
    </HTMLSelect>
  );
}

/** A labelled field with its error (or hint) under it. */
export function Field({
  id,
  label,
  required = false,
  error,
  hint,
  children,
}: {
  id?: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '*' : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={error ?? hint}
    >
      {children}
    </FormGroup>
  );
}

/** Checkboxes for several picks out of `all`. */
export function Ticks<V extends string | number>({
  id,
  all,
  picked,
  word,
  onChange,
}: {
  id?: string;
  all: readonly V[];
  picked: readonly V[];
  word: (v: V) => string;
  onChange: (next: V[]) => void;
}) {
  return (
    <div className="sd-notify-ticks" id={id}>
      {all.map((v) => (
        <Checkbox
          key={v}
          inline
          label={word(v)}
          checked={picked.includes(v)}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked
                ? [...picked.filter((p) => p !== v), v]
                : picked.filter((p) => p !== v),
            )
          }
        />
      ))}
    </div>
  );
}
