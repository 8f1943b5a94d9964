import { useCallback, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { listWaylines } from '../../api/waylines.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import { DeleteWaylineAlert } from './DeleteWaylineAlert.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { useWaylineColumns, type RowAction } from './useWaylineColumns.tsx';
import { useWaylineFields } from './useWaylineFields.ts';
import { WaylineDrawer } from './WaylineDrawer.tsx';
import { downloadKml, downloadKmz, duplicate, toggleFavorite } from './waylineActions.ts';
import { plainQuery } from './plainQuery.ts';
import { useWidth } from '../../lib/useWidth.ts';
import './wayline.css';

/** What is open over the table. */
type Overlay =
  | { kind: 'import' }
  | { kind: 'rename'; wayline: Wayline }
  | { kind: 'delete'; wayline: Wayline }
  | { kind: 'detail'; wayline: Wayline }
  | null;

/**
 * The wayline library: import KMZ files (and other tools' KML, KMZ and GeoJSON), search, download,
 * export as KML, rename, favourite, copy and delete.
 */
export default function WaylinePage() {
  const { t } = useTranslation('wayline');
  const fields = useWaylineFields();
  const table = useSearchTable<Wayline>({ fields, request: (q) => listWaylines(plainQuery(q)) });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const close = () => setOverlay(null);
  const { refresh } = table;
  const onImported = useCallback(() => refresh(), [refresh]);
  const act = (action: RowAction, wayline: Wayline) => {
    switch (action) {
      case 'download':
        void downloadKmz(t, wayline);
        return;
      case 'exportKml':
        void downloadKml(t, wayline);
        return;
      case 'favorite':
        void toggleFavorite(wayline).then((changed) => changed && refresh());
        return;
      case 'duplicate':
        void duplicate(t, wayline).then((copied) => copied && refresh());
        return;
      case 'edit':
        navigateTo(`/waylineEditor/${wayline.id}`);
        return;
      case 'detail':
      case 'rename':
      case 'delete':
        setOverlay({ kind: action, wayline });
        return;
    }
  };
  // The columns are chosen to fit the page's width: the table never scrolls sideways.
  const page = useRef<HTMLDivElement>(null);
  const width = useWidth(page, window.innerWidth);
  const columns = useWaylineColumns(table, act, width);
  const toolbar = (
    <Permission code="wayline:add">
      <Button
        icon="map-create"
        text={t('newRoute')}
        data-testid="wayline-new"
        onClick={() => navigateTo('/waylineEditor/new')}
      />
      <Button
        intent="primary"
        icon="import"
        text={t('import')}
        data-testid="wayline-import"
        onClick={() => setOverlay({ kind: 'import' })}
      />
    </Permission>
  );
  return (
    <div className="sd-wayline-page" ref={page}>
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(w) => w.id}
        toolbar={toolbar}
      />
      {overlay?.kind === 'detail' && <WaylineDrawer wayline={overlay.wayline} onClose={close} />}
      {overlay?.kind === 'import' && <ImportDialog onClose={close} onImported={onImported} />}
      {overlay?.kind === 'rename' && (
        <RenameDialog
          wayline={overlay.wayline}
          onClose={close}
          onSaved={() => {
            close();
            refresh();
          }}
        />
      )}
      {overlay?.kind === 'delete' && (
        <DeleteWaylineAlert
          wayline={overlay.wayline}
          onClose={close}
          onDeleted={() => {
            close();
            refresh();
          }}
        />
      )}
    </div>
  );
}
