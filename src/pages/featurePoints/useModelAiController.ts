import { useCallback, useState } from 'react';
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
import { usePermission } from '../../components/Permission/Permission.tsx';
import { useSearchTable } from '../../components/SearchTable/index.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import type { Editing } from './PointEditor.tsx';
import { useMapPoints } from './useMapPoints.ts';
import { usePointFields } from './usePointFields.ts';
import { useIdSelection } from '../../lib/useIdSelection.ts';

/** The page's two views of the same points. */
export type FeatureMode = 'map' | 'list';

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

/**
 * The feature point page's state and what its parts do to it (table, map points, selection, the
 * open point, editor and dialogs), kept apart from the page's looks.
 */
export function useModelAiController() {
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
  const selection = useIdSelection();
  const [mode, setMode] = useState<FeatureMode>('map');
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
  const { points, setPoints, loading } = useMapPoints(filters, version);

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
  return {
    workspace,
    canMove,
    fields,
    filters,
    table,
    selection,
    mode,
    points,
    loading,
    version,
    adding,
    setAdding,
    editing,
    setEditing,
    openId,
    setOpenId,
    overlay,
    setOverlay,
    changed,
    move,
    open: (p: FeaturePoint) => setOpenId(p.id),
    edit: (p: FeaturePoint) => setEditing({ point: p }),
    onAdd: () => {
      if (mode === 'map') setAdding((a) => !a);
      else setEditing({ at: null });
    },
    switchMode: (next: FeatureMode) => {
      setMode(next);
      setAdding(false);
    },
    selectPage: () => selection.add((mode === 'list' ? table.rows : points).map((p) => p.id)),
    place: (lng: number, lat: number) => {
      setAdding(false);
      setEditing({ at: { lng, lat } });
    },
    deletePicked: async () => {
      const ids = selection.ids();
      await deleteFeaturePoints(ids);
      toastSuccess(t('deleted', { n: ids.length }));
      selection.clear();
      changed();
    },
  };
}

/** The feature point page's state and handlers, as its panels take them. */
export type ModelAiController = ReturnType<typeof useModelAiController>;
