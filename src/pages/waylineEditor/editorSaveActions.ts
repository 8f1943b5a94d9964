import type { TFunction } from 'i18next';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { saveLosses } from '../../lib/route/routeLosses.ts';
import { allPoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import type { EditorSession } from './useEditorSession.ts';

interface Inputs {
  t: TFunction<'waylineEditor'>;
  session: EditorSession;
  route: EditorRoute;
  /** The route on screen differs from the saved one. */
  dirty: boolean;
  /** The local draft, dropped once the route is saved or thrown away. */
  draft: { clear: () => void };
  canAdd: boolean;
  canEdit: boolean;
}

/**
 * What the editor's save, save-as-new, export and draft buttons do. A save that would lose what the
 * editor cannot keep waits for the user's word; a button the user may not press is `null`.
 */
export function editorSaveActions({ t, session, route, dirty, draft, canAdd, canEdit }: Inputs) {
  const { file, written, setWritten, pending, setPending, loaded, blank } = session;
  const { setName, reframe } = file;
  const kept = file.saved.route;
  const write = (asNew: boolean) => {
    void file.save(route, asNew, t('newName')).then((ok) => {
      if (!ok) return;
      draft.clear();
      setWritten(true);
      toastSuccess(t('saved', { name: file.name.trim() || t('newName') }));
    });
  };
  const save = (asNew: boolean) => {
    if (allPoints(route).length === 0) return toastError(t('noPoints'));
    if (!file.hasProject && (asNew || !file.wayline)) return toastError(t('noProject'));
    const losses = saveLosses(written ? { ...route, notes: [] } : route);
    if (losses.length > 0) return setPending({ asNew, losses });
    write(asNew);
  };
  const existing = file.wayline !== null;
  const mayWrite = existing ? canEdit : canAdd;
  return {
    onSave: mayWrite ? () => save(false) : null,
    onSaveAsNew: existing && canAdd ? () => save(true) : null,
    onExport: existing && !dirty ? () => void file.exportKmz((n) => t('saved', { name: n })) : null,
    /** The user accepted what the waiting save loses. */
    onConfirmLosses: () => {
      if (pending) write(pending.asNew);
      setPending(null);
    },
    onCancelLosses: () => setPending(null),
    discardDraft: () => {
      draft.clear();
      loaded(kept ?? blank);
      setName(file.saved.name);
      reframe();
    },
  };
}
