import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One labelled value: a stable key, the label, and what to show. */
export type Fact = readonly [key: string, label: string, value: ReactNode];

/** A compact two-column table of labelled values, as the detail drawers show them. */
export function FactsTable({ facts, className }: { facts: readonly Fact[]; className: string }) {
  return (
    <HTMLTable compact className={className}>
      <tbody>
        {facts.map(([key, label, value]) => (
          <tr key={key}>
            <th>{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
