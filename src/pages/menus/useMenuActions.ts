import type { MenuNode } from '../../../protocol/http.ts';
import { editMenu } from '../../api/menus.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { useTranslation } from 'react-i18next';
import type { MenuActions } from './MenuTable.tsx';
import { moveEdits } from './menuTreeOps.ts';

interface Deps {
  reload: () => void;
  label: (node: MenuNode) => string;
  open: ReadonlySet<number>;
  setOpen: (open: ReadonlySet<number>) => void;
  /** Opens the dialog: editing `node`, or (with `under`) adding below it. */
  setDraft: (node: MenuNode, under: boolean) => void;
  setDoomed: (node: MenuNode) => void;
}

/** What the menu table's rows do: open and close, the dialogs, moving and hiding (saved at once). */
export function useMenuActions(deps: Deps): MenuActions {
  const { t } = useTranslation('menus');
  // A failed call has already shown the server's message; the tree reloads either way.
  const settle = (work: Promise<unknown>, message: string) => {
    work
      .then(
        () => toastSuccess(message),
        () => undefined,
      )
      .finally(deps.reload);
  };
  return {
    toggle: (node) => {
      const next = new Set(deps.open);
      if (!next.delete(node.id)) next.add(node.id);
      deps.setOpen(next);
    },
    addChild: (node) => {
      deps.setOpen(new Set([...deps.open, node.id]));
      deps.setDraft(node, true);
    },
    edit: (node) => deps.setDraft(node, false),
    remove: deps.setDoomed,
    move: (row, step) => {
      const edits = moveEdits(row.siblings, row.node, step);
      settle(Promise.all(edits.map((e) => editMenu(e))), t('moved'));
    },
    setHidden: (node, hidden) => {
      const name = deps.label(node);
      settle(editMenu({ id: node.id, hidden }), t(hidden ? 'nowHidden' : 'nowShown', { name }));
    },
  };
}
