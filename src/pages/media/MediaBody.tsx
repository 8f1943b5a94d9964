import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import type { SearchTableController } from '../../components/SearchTable/index.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { MediaList } from './MediaList.tsx';
import { MediaMap } from './MediaMap.tsx';
import type { MediaView } from './MediaToolbar.tsx';
import type { Selection } from './useSelection.ts';

interface Props {
  table: SearchTableController<MediaFile>;
  view: MediaView;
  selection: Selection;
  onOpen: (index: number) => void;
}

/** The page's files in the chosen view, with the loading, failed and empty states over them. */
export function MediaBody({ table, view, selection, onOpen }: Props) {
  const { t } = useTranslation('media');
  const words = useTranslation('table').t;
  const { rows, status } = table;
  return (
    <div className="sd-table-body sd-media-body" aria-busy={status === 'loading'}>
      {view === 'grid' && <MediaGrid rows={rows} selection={selection} onOpen={onOpen} />}
      {view === 'list' && <MediaList rows={rows} selection={selection} onOpen={onOpen} />}
      {view === 'map' && <MediaMap rows={rows} onOpen={onOpen} />}
      {status === 'loading' && (
        <div className="sd-table-overlay">
          <Spinner size={32} />
        </div>
      )}
      {status === 'error' && (
        <NonIdealState
          icon="error"
          title={words('loadFailed')}
          action={<Button icon="refresh" text={words('retry')} onClick={table.refresh} />}
        />
      )}
      {status === 'ready' && rows.length === 0 && view !== 'map' && (
        <div data-testid="media-empty">
          <NonIdealState icon="media" title={t('empty')} description={t('emptyHint')} />
        </div>
      )}
    </div>
  );
}
