import { useCallback, useEffect, useState } from 'react';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { Query } from '../../api/createClient.ts';
import {
  deleteFeaturePoints,
  editFeaturePoint,
  listFeaturePoints,
} from '../../api/featurePoints.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import { FeatureToolbar } from './FeatureToolbar.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PointDrawer } from './PointDrawer.tsx';
import { PointEditor, type Editing } from './PointEditor.tsx';
import { PointMapView } from './PointMapView.tsx';
import { usePointColumns } from './usePointColumns.tsx';
import { usePointFields } from './usePointFields.ts';
import { useSelection } from './useSelection.ts';
import { WaylineDialog } from './WaylineDialog.tsx';
import './modelAi.css';

type Mode = 'map' | 'list';
/** Points drawn on the map at most (the server's page limit). */
const MAP_LIMIT = 1000;

/** The table's filters without paging, for the map and the export. */
function filtersOf(q: TableQuery, workspace: { id: number; mold_id: number } | null): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(q))
    if (
      (typeof value === 'string' || typeof value === 'number') &&
      key !== 'current' &&
      key !== 'size'
    )
      query[key] = value;
  if (workspace?.mold_id === MOLD_PROJECT) query.workspace_id = workspace.id;
  return query;
}

/** A point's fields as the edit call takes them. */
const inputOf = (p: FeaturePoint) => ({
  name: p.name,
  category: p.category,
  longitude: p.longitude,
  latitude: p.latitude,
  height: p.height,
  gimbal_pitch: p.gimbal_pitch,
  gimbal_yaw: p.gimbal_yaw,
  zoom: p.zoom,
  radius: p.radius,
  classes: p.classes,
  notes: p.notes,
});

/** Feature points of the current project: map and list, editor, import/export, inspection waylines. */
export default function ModelAiPage() {
  const { t } = useTranslation('featurePoints');
  const { workspace } = useAccountState();
  const canMove = usePermission('feature:edit');
  const fields = usePointFields();
  const [filters, setFilters] = useState<Query>({});
  const table = useSearchTable<FeaturePoint>({
    fields,
    request: (q) => {
      const next = filtersOf(q, workspace);
      setFilters((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
      return listFeaturePoints({ ...next, current: q.current, size: q.size });
    },
  });
  const selection = useSelection();
  const [mode, setMode] = useState<Mode>('map');
  const [points, setPoints] = useState<FeaturePoint[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [overlay, setOverlay] = useState<'import' | 'wayline' | 'delete' | null>(null);
  const { refresh } = table;
  const changed = useCallback(() => {
    refresh();
    setVersion((v) => v + 1);
  }, [refresh]);

  useEffect(() => {
    let live = true;
    void listFeaturePoints({ ...filters, current: 1, size: MAP_LIMIT }).then(
      (page) => {
        if (!live) return;
        setPoints(page.data);
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [filters, version]);

  const open = (p: FeaturePoint) => setOpenId(p.id);
  const columns = usePointColumns(selection, open, (p) => setEditing({ point: p }));
  const move = (id: number, lng: number, lat: number) => {
    const p = points.find((q) => q.id === id);
    if (!p) return;
    // Shown at once where it was dropped; a refusal puts it back on the next load.
    setPoints((old) => old.map((q) => (q.id === id ? { ...q, longitude: lng, latitude: lat } : q)));
    void editFeaturePoint(id, { ...inputOf(p), longitude: lng, latitude: lat }).then(
      () => {
        toastSuccess(t('form.moved', { name: p.name }));
        changed();
      },
      () => changed(),
    );
  };
  const onAdd = () => {
    if (mode === 'map') setAdding((a) => !a);
    else setEditing({ at: null });
  };
  const toolbar = (
    <FeatureToolbar
      selection={selection}
      filters={filters}
      adding={adding}
      onAdd={onAdd}
      onImport={() => setOverlay('import')}
      onGenerate={() => setOverlay('wayline')}
      onDelete={() => setOverlay('delete')}
    />
  );
  return (
    <div className="fp-page" data-testid="feature-page">
      <div className="fp-head">
        <Tabs
          id="fp-mode"
          selectedTabId={mode}
          onChange={(id) => {
            setMode(id as Mode);
            setAdding(false);
          }}
        >
          <Tab id="map" title={t('tabs.map')} data-testid="fp-tab-map" />
          <Tab id="list" title={t('tabs.list')} data-testid="fp-tab-list" />
        </Tabs>
        <Button
          variant="minimal"
          icon="select"
          text={t('selectPage')}
          data-testid="fp-select-all"
          onClick={() => selection.add((mode === 'list' ? table.rows : points).map((p) => p.id))}
        />
      </div>
      {mode === 'map' && (
        <>
          {toolbar}
          <PointMapView
            points={points}
            picked={selection.set}
            loading={loading}
            adding={adding}
            canMove={canMove}
            onCancelAdd={() => setAdding(false)}
            onPlace={(lng, lat) => {
              setAdding(false);
              setEditing({ at: { lng, lat } });
            }}
            onOpen={setOpenId}
            onMove={move}
          />
        </>
      )}
      {mode === 'list' && (
        <SearchTable
          table={table}
          fields={fields}
          columns={columns}
          rowKey={(p) => p.id}
          toolbar={toolbar}
        />
      )}
      <PointEditor
        editing={editing}
        workspaceId={workspace?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      <PointDrawer
        id={openId}
        version={version}
        picked={openId !== null && selection.has(openId)}
        onPick={() => openId !== null && selection.toggle(openId)}
        onEdit={(p) => setEditing({ point: p })}
        onClose={() => setOpenId(null)}
        onChanged={changed}
      />
      <ImportDialog
        isOpen={overlay === 'import'}
        workspace={workspace ? { id: workspace.id, name: workspace.name } : null}
        onClose={() => setOverlay(null)}
        onImported={changed}
      />
      <WaylineDialog
        isOpen={overlay === 'wayline'}
        ids={selection.ids()}
        workspaceId={workspace?.id ?? null}
        onClose={() => setOverlay(null)}
      />
      <ConfirmDelete
        message={overlay === 'delete' ? t('confirmDelete', { n: selection.size }) : null}
        confirmText={t('del')}
        onClose={() => setOverlay(null)}
        onConfirm={async () => {
          const ids = selection.ids();
          await deleteFeaturePoints(ids);
          toastSuccess(t('deleted', { n: ids.length }));
          selection.clear();
          changed();
        }}
      />
    </div>
  );
}
