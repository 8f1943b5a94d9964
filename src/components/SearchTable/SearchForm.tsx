import { Button, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SearchFieldInput } from './SearchFieldInput.tsx';
import type { SearchTableController } from './useSearchTable.ts';
import type { SearchField } from './types.ts';

/**
 * The search form of a searchable table: its fields, search and reset. `SearchTable` draws it above
 * its rows; a page whose body is a grid or a map draws it above that body.
 */
export function SearchForm<T>({
  table,
  fields,
}: {
  table: SearchTableController<T>;
  fields: readonly SearchField[];
}) {
  const { t } = useTranslation('table');
  return (
    <form
      className="sd-search-form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        table.search();
      }}
    >
      {fields.map((field) => (
        <FormGroup key={field.name} label={field.label} inline className="sd-search-field">
          <SearchFieldInput
            field={field}
            value={table.model[field.name]}
            onChange={(v) => table.setField(field.name, v)}
          />
        </FormGroup>
      ))}
      <div className="sd-search-actions">
        <Button type="submit" intent="primary" icon="search" text={t('search')} />
        <Button icon="reset" text={t('reset')} onClick={() => table.reset()} />
      </div>
    </form>
  );
}
