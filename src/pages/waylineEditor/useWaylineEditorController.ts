import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { holesOf } from '../../lib/route/mappingHoles.ts';
import { removePoint } from '../../lib/route/routeEdits.ts';
import { heightProfile, measureRoute } from '../../lib/route/routeMeasure.ts';
import { activePoints } from '../../lib/route/routeModel.ts';
import { airspaceMarks } from './airspaceMarks.ts';
import { editorMappingActions } from './editorMappingActions.ts';
import { editorSaveActions } from './editorSaveActions.ts';
import type { DrawMode } from './RouteDraw.tsx';
import { useEditorDraft } from './useEditorDraft.ts';
import { useEditorKeys } from './useEditorKeys.ts';
import { useEditorSession } from './useEditorSession.ts';

/**
 * The wayline editor without its looks: the session, what it shows (measures, the selected point,
 * the mapping area, the airspace findings), whether it holds unsaved edits, and what its toolbar,
 * map and panels do, so the page only lays its parts out.
 */
export function useWaylineEditorController() {
  const { t } = useTranslation('waylineEditor');
  const session = useEditorSession();
  const { history, file, area, areaHoles, setMode, setTab } = session;
  const canAdd = usePermission('wayline:add');
  const canEdit = usePermission('wayline:edit');
  const { route, selected } = history;
  const measure = useMemo(() => measureRoute(route), [route]);
  const profile = useMemo(() => heightProfile(route), [route]);
  const points = activePoints(route);
  const selectedIndex = points.findIndex((p) => p.id === selected);
  const shownArea = area ?? route.mapping?.ring ?? null;
  // A newly drawn area has the holes drawn in it since; the route's own keep theirs until replaced.
  const shownHoles = area ? areaHoles : holesOf(route);

  const select = (id: string | null) => {
    history.select(id);
    if (id) setTab('point');
  };
  const removeSelected = () => {
    if (selected) history.edit((r) => removePoint(r, selected));
  };
  useEditorKeys({
    undo: history.undo,
    redo: history.redo,
    remove: removeSelected,
    cancel: () => setMode('route'),
  });

  const kept = file.saved.route;
  // Picking another wayline to edit changes nothing in the file.
  const dirty =
    kept?.waylines !== route.waylines ||
    kept.globals !== route.globals ||
    kept.mapping !== route.mapping ||
    file.saved.name !== file.name;
  // The server checked the saved route: its findings hold while the route is the one it checked.
  const marks = useMemo(() => airspaceMarks(file.wayline?.warnings ?? []), [file.wayline]);
  const checked = kept?.waylines === route.waylines;
  const draft = useEditorDraft({ session, route, dirty });
  const changeMode = (m: DrawMode) => {
    setMode(m);
    if (m === 'mapping') setTab('mapping');
  };
  return {
    ...session,
    route,
    selected,
    measure,
    profile,
    points,
    selectedIndex,
    shownArea,
    shownHoles,
    dirty,
    marks,
    checked,
    draft,
    select,
    removeSelected,
    changeMode,
    ...editorSaveActions({ t, session, route, dirty, draft, canAdd, canEdit }),
    ...editorMappingActions({ t, session, shownArea, shownHoles }),
  };
}

/** The editor's controller, as the panels that show parts of it receive it. */
export type WaylineEditorController = ReturnType<typeof useWaylineEditorController>;
