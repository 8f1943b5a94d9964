import { useTranslation } from 'react-i18next';
import type { Wayline } from '../../../protocol/waylines.ts';
import { deleteWayline } from '../../api/waylines.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

/** Asks before deleting a wayline; the server's reason shows when a pending task still uses it. */
export function DeleteWaylineAlert({
  wayline,
  onClose,
  onDeleted,
}: {
  wayline: Wayline;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('wayline');
  return (
    <ConfirmDelete
      message={t('confirmDelete', { name: wayline.name })}
      confirmText={t('del')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteWayline(wayline.id);
        toastSuccess(t('deleted', { name: wayline.name }));
        onDeleted();
      }}
    />
  );
}
