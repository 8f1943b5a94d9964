/** One label/value line of a side panel; `testId` lets tests read a value as a user reads it. */
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: ReactNode;
  testId: string;
}

/** A labelled value. */
export function Readout({ label, value, testId }: Props) {
  return (
    <div className="wb-readout">
      <span className="wb-readout-label">{label}</span>
      <span className="wb-readout-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
