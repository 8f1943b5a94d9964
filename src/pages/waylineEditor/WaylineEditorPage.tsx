import { useCallback, useMemo, useState } from 'react';
import { Button, ButtonGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { navigateTo, toastError, toastSuccess } from '../../app/shellApi.ts';
import { usePermission } from '../../components/Permission/Permission.tsx';
import { addHole, holesOf, NO_HOLES, removeHole } from '../../lib/route/mappingHoles.ts';
import { defaultMapping, withMapping, type MappingSettings } from '../../lib/route/mappingRoute.ts';
import {
  addWayline,
  appendPoint,
  insertPoint,
  movePoint,
  removePoint,
  removeWayline,
  selectWayline,
  updateGlobals,
  updatePoint,
} from '../../lib/route/routeEdits.ts';
import { saveLosses, type SaveLoss } from '../../lib/route/routeLosses.ts';
import { heightProfile, measureRoute } from '../../lib/route/routeMeasure.ts';
import type { DraftOwner, RouteDraft } from '../../lib/route/routeDraft.ts';
import {
  activePoints,
  allPoints,
  emptyRoute,
  type EditorRoute,
} from '../../lib/route/routeModel.ts';
import { useAccountState } from '../../state/account.ts';
import { AirspaceNotice } from './AirspaceNotice.tsx';
import { airspaceMarks } from './airspaceMarks.ts';
import { DraftNotice } from './DraftNotice.tsx';
import { EditorMap } from './EditorMap.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { GlobalsPanel } from './GlobalsPanel.tsx';
import { HeightProfile } from './HeightProfile.tsx';
import { MappingPanel } from './MappingPanel.tsx';
import { PointPanel } from './PointPanel.tsx';
import type { DrawMode } from './RouteDraw.tsx';
import { SaveLossAlert } from './SaveLossAlert.tsx';
import { StatsBar } from './StatsBar.tsx';
import { useEditorFile } from './useEditorFile.ts';
import { useEditorKeys } from './useEditorKeys.ts';
import { useRouteDraft } from './useRouteDraft.ts';
import { useRouteHistory } from './useRouteHistory.ts';
import { WaylinePicker } from './WaylinePicker.tsx';
import './waylineEditor.css';

type PanelTab = 'point' | 'globals' | 'mapping';

/** The wayline map editor: draw and edit a waypoint route or generate a mapping route, then save it. */
export default function WaylineEditorPage() {
  const { t } = useTranslation('waylineEditor');
  /** Where a new route starts, and what it is compared with to know whether it holds edits. */
  const [blank] = useState(emptyRoute);
  const h = useRouteHistory(blank);
  const [mode, setMode] = useState<DrawMode>('route');
  const [tab, setTab] = useState<PanelTab>('globals');
  /** An area drawn and not yet generated; a generated one lives in the route. */
  const [area, setArea] = useState<[number, number][] | null>(null);
  const [mapping, setMapping] = useState<MappingSettings>(() => defaultMapping('1-53-0'));
  /** A save waiting for the user to accept what it would lose. */
  const [pending, setPending] = useState<{ asNew: boolean; losses: SaveLoss[] } | null>(null);
  /** Saved since it was opened: what the opened file held and the editor could not keep is gone. */
  const [written, setWritten] = useState(false);
  const { reset } = h;
  const loaded = useCallback(
    (opened: EditorRoute) => {
      reset(opened);
      setArea(null);
      setWritten(false);
      if (opened.mapping) {
        setMapping(opened.mapping.settings);
        setTab('mapping');
      }
    },
    [reset],
  );
  const param = useParams().id;
  const file = useEditorFile(param, loaded, blank);
  const { setName, reframe } = file;
  const restore = useCallback(
    (draft: RouteDraft) => {
      loaded(draft.route);
      setName(draft.name);
      reframe();
    },
    [loaded, setName, reframe],
  );
  const canAdd = usePermission('wayline:add');
  const canEdit = usePermission('wayline:edit');
  const { route, selected } = h;
  const measure = useMemo(() => measureRoute(route), [route]);
  const profile = useMemo(() => heightProfile(route), [route]);
  const points = activePoints(route);
  const selectedIndex = points.findIndex((p) => p.id === selected);
  const shownArea = area ?? route.mapping?.ring ?? null;
  // A newly drawn area starts without holes; the route's own keep theirs until it is replaced.
  const shownHoles = area ? NO_HOLES : holesOf(route);

  const select = (id: string | null) => {
    h.select(id);
    if (id) setTab('point');
  };
  const removeSelected = () => {
    if (selected) h.edit((r) => removePoint(r, selected));
  };
  useEditorKeys({
    undo: h.undo,
    redo: h.redo,
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
  const ready = file.load === 'ready';
  // The server checked the saved route: its findings hold while the route is the one it checked.
  const marks = useMemo(() => airspaceMarks(file.wayline?.warnings ?? []), [file.wayline]);
  const checked = kept?.waylines === route.waylines;
  const account = useAccountState();
  const path = useLocation().pathname;
  const draft = useRouteDraft({
    owner: draftOwner(account, file.wayline?.id ?? param),
    ready,
    saved: ready && kept ? { route: kept, name: file.saved.name } : null,
    current: { route, name: file.name },
    unsaved: ready && dirty,
    restore,
    path,
  });

  if (file.load === 'loading') return <Spinner />;
  if (file.load === 'missing')
    return (
      <NonIdealState
        icon="search"
        title={t('notFound')}
        action={
          <Button icon="arrow-left" text={t('back')} onClick={() => navigateTo('/wayline')} />
        }
      />
    );

  const write = (asNew: boolean) => {
    void file.save(route, asNew, t('newName')).then((ok) => {
      if (!ok) return;
      draft.clear();
      setWritten(true);
      toastSuccess(t('saved', { name: file.name.trim() || t('newName') }));
    });
  };
  const save = (asNew: boolean) => {
    if (allPoints(route).length === 0) return toastError(t('noPoints'));
    if (!file.hasProject && (asNew || !file.wayline)) return toastError(t('noProject'));
    const losses = saveLosses(written ? { ...route, notes: [] } : route);
    if (losses.length > 0) return setPending({ asNew, losses });
    write(asNew);
  };
  const existing = file.wayline !== null;
  const mayWrite = existing ? canEdit : canAdd;
  const discardDraft = () => {
    draft.clear();
    loaded(kept ?? blank);
    setName(file.saved.name);
    reframe();
  };

  return (
    <div className="sd-editor" data-testid="wayline-editor">
      <EditorToolbar
        name={file.name}
        onName={file.setName}
        mode={mode}
        onMode={(m) => {
          setMode(m);
          if (m === 'mapping') setTab('mapping');
        }}
        canUndo={h.canUndo}
        canRedo={h.canRedo}
        onUndo={h.undo}
        onRedo={h.redo}
        dirty={dirty}
        onSave={mayWrite ? () => save(false) : null}
        onSaveAsNew={existing && canAdd ? () => save(true) : null}
        onExport={
          existing && !dirty ? () => void file.exportKmz((n) => t('saved', { name: n })) : null
        }
        onBack={() => navigateTo('/wayline')}
      />
      {draft.restored && <DraftNotice onDiscard={discardDraft} />}
      <AirspaceNotice marks={marks} stale={!checked} />
      <p className="sd-editor-hint bp6-text-muted">
        {mode === 'route' ? t('hintRoute') : mode === 'hole' ? t('hintHole') : t('hintMapping')}
      </p>
      <div className="sd-editor-body">
        <div className="sd-editor-map" data-testid="editor-map">
          <EditorMap
            route={route}
            selected={selected}
            mode={mode}
            area={shownArea}
            holes={shownHoles}
            loadKey={file.loadKey}
            marks={checked && marks.messages.length > 0 ? marks : null}
            onAdd={(lng, lat) => {
              h.edit((r) => appendPoint(r, lng, lat));
            }}
            onInsert={(index, lng, lat) => h.edit((r) => insertPoint(r, index, lng, lat))}
            onMove={(id, lng, lat) => h.edit((r) => movePoint(r, id, lng, lat))}
            onSelect={select}
            onArea={(ring) => {
              setArea(ring);
              setMode('route');
              setTab('mapping');
            }}
            onHole={(ring) => {
              setMode('route');
              setTab('mapping');
              const added = addHole(route, ring);
              if (!added.ok) return toastError(t(`mapping.holeRefused.${added.reason}`));
              h.edit(() => added.route);
              toastSuccess(t('mapping.holeAdded', { count: activePoints(added.route).length }));
            }}
          />
        </div>
        <aside className="sd-editor-side">
          <WaylinePicker
            route={route}
            onSelect={(i) => h.edit((r) => selectWayline(r, i))}
            onAdd={() => h.edit(addWayline)}
            onRemove={() => h.edit(removeWayline)}
          />
          <ButtonGroup fill className="sd-editor-tabs">
            {(['point', 'globals', 'mapping'] as const).map((id) => (
              <Button
                key={id}
                text={t(`tabs.${id}`)}
                active={tab === id}
                data-testid={`editor-tab-${id}`}
                onClick={() => setTab(id)}
              />
            ))}
          </ButtonGroup>
          {tab === 'point' && (
            <PointPanel
              point={points[selectedIndex]}
              index={selectedIndex}
              count={points.length}
              onStep={(i) => {
                const at = points[Math.max(0, i)];
                if (at) h.select(at.id);
              }}
              onChange={(change) => selected && h.edit((r) => updatePoint(r, selected, change))}
              onDelete={removeSelected}
            />
          )}
          {tab === 'globals' && (
            <GlobalsPanel
              globals={route.globals}
              onChange={(change, all) => h.edit((r) => updateGlobals(r, change, all))}
            />
          )}
          {tab === 'mapping' && (
            <MappingPanel
              settings={mapping}
              payloadKey={route.globals.payloadKey}
              area={shownArea}
              generated={route.mapping !== undefined && area === null}
              drawing={mode === 'mapping'}
              holes={shownHoles}
              drawingHole={mode === 'hole'}
              onSettings={setMapping}
              onDraw={() => setMode('mapping')}
              onAddHole={() => setMode(mode === 'hole' ? 'route' : 'hole')}
              onRemoveHole={(i) => h.edit((r) => removeHole(r, i))}
              onGenerate={() => {
                if (!shownArea) return;
                const next = withMapping(route, shownArea, mapping, shownHoles);
                const count = activePoints(next).length;
                if (count === 0) return toastError(t('mapping.nothing'));
                h.edit(() => next);
                setArea(null);
                toastSuccess(t('mapping.generated', { count }));
              }}
            />
          )}
        </aside>
      </div>
      <div className="sd-editor-bottom">
        <StatsBar measure={measure} count={allPoints(route).length} />
        <div className="sd-editor-profile" data-testid="editor-profile">
          <HeightProfile samples={profile} />
        </div>
      </div>
      <SaveLossAlert
        losses={pending?.losses ?? []}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) write(pending.asNew);
          setPending(null);
        }}
      />
    </div>
  );
}

/**
 * Whose draft of which route the editor keeps: the signed-in user's, in the project picked at the
 * top, of the wayline `id` (`new` before it is first saved); none while either is unknown.
 */
function draftOwner(
  account: ReturnType<typeof useAccountState>,
  id: number | string | undefined,
): DraftOwner | null {
  const user = account.userInfo?.id;
  const workspace = account.workspace?.id;
  if (user === undefined || workspace === undefined || id === undefined) return null;
  return { user, workspace, wayline: id === 'new' ? 'new' : Number(id) };
}
