import { useLocation } from 'react-router';
import type { DraftOwner } from '../../lib/route/routeDraft.ts';
import type { EditorRoute } from '../../lib/route/routeModel.ts';
import { useAccountState } from '../../state/account.ts';
import type { EditorSession } from './useEditorSession.ts';
import { useRouteDraft } from './useRouteDraft.ts';

interface Inputs {
  session: EditorSession;
  route: EditorRoute;
  /** The route on screen differs from the saved one. */
  dirty: boolean;
}

/**
 * The editor's unsaved edits kept as a local draft: owned by the signed-in user in the picked
 * project for this wayline, compared with what the server holds, restored into the session.
 */
export function useEditorDraft({ session, route, dirty }: Inputs) {
  const { file, param, restore } = session;
  const kept = file.saved.route;
  const ready = file.load === 'ready';
  const account = useAccountState();
  const path = useLocation().pathname;
  return useRouteDraft({
    owner: draftOwner(account, file.wayline?.id ?? param),
    ready,
    saved: ready && kept ? { route: kept, name: file.saved.name } : null,
    current: { route, name: file.name },
    unsaved: ready && dirty,
    restore,
    path,
  });
}

/**
 * Whose draft of which route the editor keeps: the signed-in user's, in the project picked at the
 * top, of the wayline `id` (`new` before it is first saved); none while either is unknown.
 */
function draftOwner(
  account: ReturnType<typeof useAccountState>,
  id: number | string | undefined,
): DraftOwner | null {
  const user = account.userInfo?.id;
  const workspace = account.workspace?.id;
  if (user === undefined || workspace === undefined || id === undefined) return null;
  return { user, workspace, wayline: id === 'new' ? 'new' : Number(id) };
}
