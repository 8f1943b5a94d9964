import { Button, ButtonGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DrawMode } from './RouteDraw.tsx';

interface Props {
  name: string;
  onName: (name: string) => void;
  mode: DrawMode;
  onMode: (mode: DrawMode) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  dirty: boolean;
  /** Null: the user may not save this route (no permission or no project). */
  onSave: (() => void) | null;
  onSaveAsNew: (() => void) | null;
  onExport: (() => void) | null;
  onBack: () => void;
}

/** Name, drawing mode, undo/redo and the file buttons above the map. */
export function EditorToolbar(p: Props) {
  const { t } = useTranslation('waylineEditor');
  return (
    <div className="sd-editor-toolbar">
      <Button
        icon="arrow-left"
        variant="minimal"
        aria-label={t('back')}
        title={t('back')}
        onClick={p.onBack}
      />
      <InputGroup
        className="sd-editor-toolbar__name"
        value={p.name}
        placeholder={t('newName')}
        aria-label={t('name')}
        data-testid="editor-name"
        onChange={(e) => p.onName(e.target.value)}
      />
      <ButtonGroup>
        <Button
          icon="map-marker"
          text={t('modeRoute')}
          active={p.mode === 'route'}
          data-testid="editor-mode-route"
          onClick={() => p.onMode('route')}
        />
        <Button
          icon="polygon-filter"
          text={t('modeMapping')}
          active={p.mode === 'mapping'}
          data-testid="editor-mode-mapping"
          onClick={() => p.onMode('mapping')}
        />
      </ButtonGroup>
      <ButtonGroup>
        <Button
          icon="undo"
          aria-label={t('undo')}
          title={t('undo')}
          disabled={!p.canUndo}
          data-testid="editor-undo"
          onClick={p.onUndo}
        />
        <Button
          icon="redo"
          aria-label={t('redo')}
          title={t('redo')}
          disabled={!p.canRedo}
          data-testid="editor-redo"
          onClick={p.onRedo}
        />
      </ButtonGroup>
      <span className="sd-editor-toolbar__spacer" />
      {p.dirty && (
        <Tag intent="warning" minimal>
          {t('unsaved')}
        </Tag>
      )}
      {p.onExport ? (
        <Button
          icon="download"
          text={t('export')}
          data-testid="editor-export"
          onClick={p.onExport}
        />
      ) : (
        <Button icon="download" text={t('export')} disabled title={t('exportHint')} />
      )}
      {p.onSaveAsNew && (
        <Button
          icon="duplicate"
          text={t('saveAsNew')}
          data-testid="editor-save-new"
          onClick={p.onSaveAsNew}
        />
      )}
      {p.onSave && (
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t('save')}
          data-testid="editor-save"
          onClick={p.onSave}
        />
      )}
    </div>
  );
}
