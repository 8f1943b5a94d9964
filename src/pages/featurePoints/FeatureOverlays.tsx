import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PointDrawer } from './PointDrawer.tsx';
import { PointEditor } from './PointEditor.tsx';
import type { ModelAiController } from './useModelAiController.ts';
import { WaylineDialog } from './WaylineDialog.tsx';

/**
 * Everything the page opens over its views: the point editor, the open point's drawer, the import
 * and wayline dialogs, and the question before the picked points are deleted.
 */
export function FeatureOverlays({ page }: { page: ModelAiController }) {
  const { t } = useTranslation('featurePoints');
  const { workspace, editing, setEditing, openId, setOpenId, selection, overlay, setOverlay } =
    page;
  return (
    <>
      <PointEditor
        editing={editing}
        workspaceId={workspace?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          page.changed();
        }}
      />
      <PointDrawer
        id={openId}
        version={page.version}
        picked={openId !== null && selection.has(openId)}
        onPick={() => openId !== null && selection.toggle(openId)}
        onEdit={page.edit}
        onClose={() => setOpenId(null)}
        onChanged={page.changed}
      />
      <ImportDialog
        isOpen={overlay === 'import'}
        workspace={workspace ? { id: workspace.id, name: workspace.name } : null}
        onClose={() => setOverlay(null)}
        onImported={page.changed}
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
        onConfirm={page.deletePicked}
      />
    </>
  );
}
