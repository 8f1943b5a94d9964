import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeatureFileFormat } from '../../../protocol/featurePoints.ts';
import type { Query } from '../../api/createClient.ts';
import { exportFeaturePoints } from '../../api/featurePoints.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { saveBlob } from '../../lib/saveBlob.ts';
import type { IdSelection } from '../../lib/useIdSelection.ts';

async function download(format: FeatureFileFormat, filters: Query): Promise<void> {
  const file = await exportFeaturePoints(format, filters);
  saveBlob(new Blob([file.text], { type: file.content_type }), file.file_name);
}

/** Add, import, export, and what to do with the picked points: generate a wayline or delete. */
export function FeatureToolbar({
  selection,
  filters,
  adding,
  onAdd,
  onImport,
  onGenerate,
  onDelete,
}: {
  selection: IdSelection;
  filters: Query;
  adding: boolean;
  onAdd: () => void;
  onImport: () => void;
  onGenerate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('featurePoints');
  const none = selection.size === 0;
  const exportItem = (format: FeatureFileFormat, text: string) => (
    <MenuItem
      text={text}
      data-testid={`fp-export-${format}`}
      onClick={() => void download(format, filters).catch(() => undefined)}
    />
  );
  return (
    <div className="fp-toolbar">
      <Permission code="feature:add">
        <Button
          icon="map-marker"
          intent={adding ? 'primary' : 'none'}
          active={adding}
          text={t('add')}
          data-testid="fp-add"
          onClick={onAdd}
        />
        <Button icon="import" text={t('import')} data-testid="fp-import" onClick={onImport} />
      </Permission>
      <PopoverNext
        placement="bottom-start"
        content={
          <Menu>
            {exportItem('csv', t('exportCsv'))}
            {exportItem('geojson', t('exportGeoJson'))}
          </Menu>
        }
      >
        <Button icon="export" endIcon="caret-down" text={t('export')} data-testid="fp-export" />
      </PopoverNext>
      <Permission code="wayline:add">
        <Button
          intent="primary"
          icon="route"
          disabled={none}
          text={t('generate')}
          data-testid="fp-generate"
          onClick={onGenerate}
        />
      </Permission>
      <Permission code="feature:del">
        <Button
          intent="danger"
          icon="trash"
          disabled={none}
          text={t('del')}
          data-testid="fp-delete"
          onClick={onDelete}
        />
      </Permission>
      {!none && (
        <span className="fp-selected" data-testid="fp-selected">
          {t('selected', { n: selection.size })}
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={t('clearSelection')}
            title={t('clearSelection')}
            onClick={() => selection.clear()}
          />
        </span>
      )}
    </div>
  );
}
