import { useTranslation } from 'react-i18next';
import { deleteMedia } from '../../api/media.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

/** Asks before deleting the selected files; the server checks `media:del` and audits. */
export function DeleteMediaAlert({
  workspaceId,
  ids,
  onClose,
  onDeleted,
}: {
  workspaceId: number;
  ids: number[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('media');
  return (
    <ConfirmDelete
      message={t('confirmDelete', { count: ids.length })}
      confirmText={t('del')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteMedia({ workspace_id: workspaceId, ids });
        toastSuccess(t('deleted', { count: ids.length }));
        onDeleted();
      }}
    />
  );
}
