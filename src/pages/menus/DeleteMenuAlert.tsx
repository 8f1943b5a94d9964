import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { deleteMenu } from '../../api/menus.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { countBelow } from './menuTreeOps.ts';

interface Props {
  node: MenuNode | null;
  label: string;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a menu, saying how much hangs below it. */
export function DeleteMenuAlert({ node, label, onClose, onDone }: Props) {
  const { t } = useTranslation('menus');
  const below = node ? countBelow(node) : 0;
  return (
    <ConfirmDelete
      message={node && t('confirmDelete', { name: label })}
      confirmText={t('delete')}
      onClose={onClose}
      onConfirm={async () => {
        if (!node) return;
        await deleteMenu(node.id);
        toastSuccess(t('deleted'));
        onDone();
      }}
    >
      {below > 0 && (
        <p className="bp6-text-muted">{t('confirmDeleteChildren', { count: below })}</p>
      )}
    </ConfirmDelete>
  );
}
