import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  addWayline,
  removeWayline,
  selectWayline,
  updateGlobals,
  updatePoint,
} from '../../lib/route/routeEdits.ts';
import { GlobalsPanel } from './GlobalsPanel.tsx';
import { MappingPanel } from './MappingPanel.tsx';
import { PointPanel } from './PointPanel.tsx';
import type { WaylineEditorController } from './useWaylineEditorController.ts';
import { WaylinePicker } from './WaylinePicker.tsx';

/**
 * The editor's side column: which wayline of the route is edited, and a tab each for the selected
 * point, the route's globals and the mapping area.
 */
export function EditorSide({ editor }: { editor: WaylineEditorController }) {
  const { t } = useTranslation('waylineEditor');
  const { history: h, route, selected, points, selectedIndex, tab, mode, setMode } = editor;
  return (
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
            onClick={() => editor.setTab(id)}
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
          onDelete={editor.removeSelected}
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
          settings={editor.mapping}
          payloadKey={route.globals.payloadKey}
          area={editor.shownArea}
          generated={route.mapping !== undefined && editor.area === null}
          drawing={mode === 'mapping'}
          holes={editor.shownHoles}
          drawingHole={mode === 'hole'}
          onSettings={editor.setMapping}
          onDraw={() => setMode('mapping')}
          onAddHole={() => setMode(mode === 'hole' ? 'route' : 'hole')}
          onRemoveHole={editor.onRemoveHole}
          onGenerate={editor.onGenerate}
        />
      )}
    </aside>
  );
}
