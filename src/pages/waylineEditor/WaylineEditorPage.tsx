import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/shellApi.ts';
import { appendPoint, insertPoint, movePoint } from '../../lib/route/routeEdits.ts';
import { allPoints } from '../../lib/route/routeModel.ts';
import { AirspaceNotice } from './AirspaceNotice.tsx';
import { DraftNotice } from './DraftNotice.tsx';
import { EditorMap } from './EditorMap.tsx';
import { EditorSide } from './EditorSide.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { HeightProfile } from './HeightProfile.tsx';
import { RegenerateAlert } from './RegenerateAlert.tsx';
import { SaveLossAlert } from './SaveLossAlert.tsx';
import { StatsBar } from './StatsBar.tsx';
import { useWaylineEditorController } from './useWaylineEditorController.ts';
import './waylineEditor.css';

/** The wayline map editor: draw and edit a waypoint route or generate a mapping route, then save it. */
export default function WaylineEditorPage() {
  const { t } = useTranslation('waylineEditor');
  const editor = useWaylineEditorController();
  const { history: h, file, route, mode, marks } = editor;

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

  return (
    <div className="sd-editor" data-testid="wayline-editor">
      <EditorToolbar
        name={file.name}
        onName={file.setName}
        mode={mode}
        onMode={editor.changeMode}
        canUndo={h.canUndo}
        canRedo={h.canRedo}
        onUndo={h.undo}
        onRedo={h.redo}
        dirty={editor.dirty}
        onSave={editor.onSave}
        onSaveAsNew={editor.onSaveAsNew}
        onExport={editor.onExport}
        onBack={() => navigateTo('/wayline')}
      />
      {editor.draft.restored && <DraftNotice onDiscard={editor.discardDraft} />}
      <AirspaceNotice marks={marks} stale={!editor.checked} />
      <p className="sd-editor-hint bp6-text-muted">
        {mode === 'route' ? t('hintRoute') : mode === 'hole' ? t('hintHole') : t('hintMapping')}
      </p>
      <div className="sd-editor-body">
        <div className="sd-editor-map" data-testid="editor-map">
          <EditorMap
            route={route}
            selected={editor.selected}
            mode={mode}
            area={editor.shownArea}
            holes={editor.shownHoles}
            loadKey={file.loadKey}
            marks={editor.checked && marks.messages.length > 0 ? marks : null}
            onAdd={(lng, lat) => {
              h.edit((r) => appendPoint(r, lng, lat));
            }}
            onInsert={(index, lng, lat) => h.edit((r) => insertPoint(r, index, lng, lat))}
            onMove={(id, lng, lat) => h.edit((r) => movePoint(r, id, lng, lat))}
            onSelect={editor.select}
            onArea={editor.onArea}
            onHole={editor.onHole}
          />
        </div>
        <EditorSide editor={editor} />
      </div>
      <div className="sd-editor-bottom">
        <StatsBar measure={editor.measure} count={allPoints(route).length} />
        <div className="sd-editor-profile" data-testid="editor-profile">
          <HeightProfile samples={editor.profile} />
        </div>
      </div>
      <SaveLossAlert
        losses={editor.pending?.losses ?? []}
        onCancel={editor.onCancelLosses}
        onConfirm={editor.onConfirmLosses}
      />
      <RegenerateAlert
        isOpen={editor.regeneration !== null}
        onCancel={editor.onCancelRegeneration}
        onConfirm={editor.onConfirmRegeneration}
      />
    </div>
  );
}
