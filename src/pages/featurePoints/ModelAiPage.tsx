import { SearchTable } from '../../components/SearchTable/index.ts';
import { FeatureHead } from './FeatureHead.tsx';
import { FeatureOverlays } from './FeatureOverlays.tsx';
import { FeatureToolbar } from './FeatureToolbar.tsx';
import { PointMapView } from './PointMapView.tsx';
import { useModelAiController } from './useModelAiController.ts';
import { usePointColumns } from './usePointColumns.tsx';
import './modelAi.css';

/** Feature points of the current project: map and list, editor, import/export, inspection waylines. */
export default function ModelAiPage() {
  const page = useModelAiController();
  const { selection, mode, setOverlay } = page;
  const columns = usePointColumns(selection, page.open, page.edit);
  const toolbar = (
    <FeatureToolbar
      selection={selection}
      filters={page.filters}
      adding={page.adding}
      onAdd={page.onAdd}
      onImport={() => setOverlay('import')}
      onGenerate={() => setOverlay('wayline')}
      onDelete={() => setOverlay('delete')}
    />
  );
  return (
    <div className="fp-page" data-testid="feature-page">
      <FeatureHead mode={mode} onMode={page.switchMode} onSelectPage={page.selectPage} />
      {mode === 'map' && (
        <>
          {toolbar}
          <PointMapView
            points={page.points}
            picked={selection.set}
            loading={page.loading}
            adding={page.adding}
            canMove={page.canMove}
            onCancelAdd={() => page.setAdding(false)}
            onPlace={page.place}
            onOpen={page.setOpenId}
            onMove={page.move}
          />
        </>
      )}
      {mode === 'list' && (
        <SearchTable
          table={page.table}
          fields={page.fields}
          columns={columns}
          rowKey={(p) => p.id}
          toolbar={toolbar}
        />
      )}
      <FeatureOverlays page={page} />
    </div>
  );
}
