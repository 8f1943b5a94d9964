import { useState } from 'react';
import { FormGroup, InputGroup } from '@blueprintjs/core';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  onCommit: (value: number) => void;
  testId?: string;
  disabled?: boolean;
}

/**
 * A number that takes effect on Enter or leaving the field, not on every keystroke, so one change
 * is one undo step. Out-of-range input is clamped; text that is no number puts the old value back.
 */
export function NumberField({ label, value, min, max, onCommit, testId, disabled }: Props) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from outside (undo, another field) replaces the draft, adjusting state in render.
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const commit = () => {
    const n = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(n)) return setDraft(String(value));
    const clamped = Math.min(max, Math.max(min, n));
    setDraft(String(clamped));
    if (clamped !== value) onCommit(clamped);
  };
  return (
    <FormGroup label={label} inline className="sd-editor-field">
      <InputGroup
        value={draft}
        inputMode="decimal"
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </FormGroup>
  );
}
