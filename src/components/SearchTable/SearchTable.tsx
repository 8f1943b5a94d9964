import type { ReactNode } from 'react';
import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Pagination } from './Pagination.tsx';
import { SearchForm } from './SearchForm.tsx';
import type { SearchTableController } from './useSearchTable.ts';
import type { SearchField, TableColumn } from './types.ts';

interface Props<T> {
  table: SearchTableController<T>;
  fields?: readonly SearchField[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Buttons on the left of the toolbar (add, batch delete, …). */
  toolbar?: ReactNode;
}

/** The searchable table drawn with Blueprint: search form, toolbar, rows and pagination. */
export function SearchTable<T>({ table, fields = [], columns, rowKey, toolbar }: Props<T>) {
  const { t } = useTranslation('table');
  return (
    <div className="sd-search-table">
      {fields.length > 0 && <SearchForm table={table} fields={fields} />}
      <div className="sd-table-toolbar">
        <div>{toolbar}</div>
        <Button
          variant="minimal"
          icon="refresh"
          aria-label={t('refresh')}
          title={t('refresh')}
          onClick={table.refresh}
        />
      </div>
      <div
        className="sd-table-body"
        aria-busy={table.status === 'loading' || table.status === 'refreshing'}
      >
        <HTMLTable striped interactive compact className="sd-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} style={{ width: c.width }}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key}>{c.render ? c.render(row, index) : cell(row, c.key)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <TableState table={table} />
      </div>
      <Pagination
        current={table.current}
        size={table.size}
        total={table.total}
        onPage={table.setPage}
        onSize={table.setSize}
      />
    </div>
  );
}

function cell(row: unknown, key: string): ReactNode {
  const value: unknown = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

function TableState<T>({ table }: { table: SearchTableController<T> }) {
  const { t } = useTranslation('table');
  if (table.status === 'loading') {
    return (
      <div className="sd-table-overlay">
        <Spinner size={32} />
      </div>
    );
  }
  if (table.status === 'error') {
    return (
      <NonIdealState
        icon="error"
        title={t('loadFailed')}
        action={<Button icon="refresh" text={t('retry')} onClick={table.refresh} />}
      />
    );
  }
  return table.rows.length === 0 ? <NonIdealState icon="inbox" title={t('empty')} /> : null;
}
