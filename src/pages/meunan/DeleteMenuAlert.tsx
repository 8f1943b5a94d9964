import { useState } from 'react';
import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { deleteMenu } from '../../api/menus.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { countBelow } from './menuTreeOps.ts';

interface Props {
  node: MenuNode | null;
  label: string;
  onClose: () => void;
  onDone: () => void;
}

/** Asks before deleting a menu, saying how much hangs below it. */
export function DeleteMenuAlert({ node, label, onClose, onDone }: Props) {
  const { t } = useTranslation('menuPage');
  const [busy, setBusy] = useState(false);
  async function confirm(target: MenuNode) {
    setBusy(true);
    try {
      await deleteMenu(target.id);
      toastSuccess(t('deleted'));
      onDone();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
      onClose();
    }
  }
  const below = node ? countBelow(node) : 0;
  return (
    <Alert
      isOpen={node !== null}
      intent="danger"
      icon="trash"
      canEscapeKeyCancel
      loading={busy}
      confirmButtonText={t('delete')}
      cancelButtonText={t('cancel', { ns: 'common' })}
      onCancel={onClose}
      onConfirm={() => node && void confirm(node)}
    >
      <p>{t('confirmDelete', { name: label })}</p>
      {below > 0 && (
        <p className="bp6-text-muted">{t('confirmDeleteChildren', { count: below })}</p>
      )}
    </Alert>
  );
}
