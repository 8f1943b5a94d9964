import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MediaFile } from '../../../protocol/media.ts';
import { listMedia } from '../../api/media.ts';
import { Pagination } from '../../components/SearchTable/Pagination.tsx';
import { SearchForm, useSearchTable } from '../../components/SearchTable/index.ts';
import type { TablePage } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import { DeleteMediaAlert } from './DeleteMediaAlert.tsx';
import { MediaBody } from './MediaBody.tsx';
import { MediaToolbar, type MediaView } from './MediaToolbar.tsx';
import { mediaQuery, presetFrom, type MediaPreset } from './mediaQuery.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { useMediaFields } from './useMediaFields.ts';
import { useSelection } from './useSelection.ts';
import { useZipDownload } from './useZipDownload.ts';
import { ZipDialog } from './ZipDialog.tsx';
import './resources.css';

const NO_PAGE: TablePage<MediaFile> = { data: [], total: 0 };

/**
 * The media library: photos and videos the docks uploaded, searched by task, device, day, type and
 * keyword, shown as a grid, a list or a map; previewed, downloaded one by one or zipped, deleted.
 */
export default function ResourcesPage() {
  const { workspace } = useAccountState();
  const workspaceId = workspace?.id;
  const [params, setParams] = useSearchParams();
  const preset = presetFrom(params);
  const fields = useMediaFields();
  const table = useSearchTable<MediaFile>({
    fields,
    request: async (q) => {
      if (workspaceId === undefined) return NO_PAGE;
      const page = await listMedia(mediaQuery(q, workspaceId, preset));
      return { data: page.rows, total: page.total };
    },
  });
  const selection = useSelection(table.rows);
  const zip = useZipDownload(workspaceId);
  const [view, setView] = useState<MediaView>('grid');
  const [preview, setPreview] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Another page's link (or another project) asks for other files: load afresh and forget the
  // selection, which belonged to the old list.
  const scope = `${workspaceId ?? ''}|${preset.flight_id ?? ''}|${preset.task_id ?? ''}`;
  const [seenScope, setSeenScope] = useState(scope);
  if (seenScope !== scope) {
    setSeenScope(scope);
    selection.clear();
    table.refresh();
  }

  const dropPreset = (key: keyof MediaPreset) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.delete(key);
      return next;
    });

  return (
    <div className="sd-search-table sd-resources-page" data-testid="resources-page">
      <SearchForm table={table} fields={fields} />
      <MediaToolbar
        view={view}
        onView={setView}
        selection={selection}
        preset={preset}
        onDropPreset={dropPreset}
        onZip={() => void zip.start(selection.ids)}
        onDelete={() => setConfirming(true)}
        onRefresh={table.refresh}
      />
      <MediaBody table={table} view={view} selection={selection} onOpen={setPreview} />
      <Pagination
        current={table.current}
        size={table.size}
        total={table.total}
        onPage={table.setPage}
        onSize={table.setSize}
      />
      {preview !== null && (
        <PreviewDialog
          rows={table.rows}
          index={preview}
          onIndex={setPreview}
          onClose={() => setPreview(null)}
        />
      )}
      <ZipDialog run={zip.run} onCancel={zip.cancel} />
      {confirming && workspaceId !== undefined && (
        <DeleteMediaAlert
          workspaceId={workspaceId}
          ids={selection.ids}
          onClose={() => setConfirming(false)}
          onDeleted={() => {
            selection.clear();
            table.refresh();
          }}
        />
      )}
    </div>
  );
}
