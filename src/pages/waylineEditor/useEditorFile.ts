import { useCallback, useEffect, useRef, useState } from 'react';
import type { Wayline } from '../../../protocol/waylines.ts';
import { downloadWayline } from '../../api/waylines.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../lib/route/routeConvert.ts';
import type { EditorRoute } from '../../lib/route/routeModel.ts';
import { saveBlob } from '../../lib/saveBlob.ts';
import { useAccountState } from '../../state/account.ts';
import { fetchRoute, saveRoute } from './editorApi.ts';

type Load = 'loading' | 'ready' | 'missing';

/** `new` starts empty; a wayline id is fetched; anything else is no route. */
function firstLoad(param: string | undefined): Load {
  if (param === 'new') return 'ready';
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? 'loading' : 'missing';
}

/**
 * Which wayline the editor writes to and what was last saved: loads the route of `/:id` (or starts
 * from `blank` for `new`, which is then what "saved" means), saves over it or as a new wayline, and
 * exports the saved file.
 */
export function useEditorFile(
  param: string | undefined,
  reset: (r: EditorRoute) => void,
  blank: EditorRoute,
) {
  const { workspace, userInfo } = useAccountState();
  const [wayline, setWayline] = useState<Wayline | null>(null);
  const [name, setName] = useState('');
  const [load, setLoad] = useState<Load>(() => firstLoad(param));
  const [saved, setSaved] = useState<{ route: EditorRoute | null; name: string }>(() => ({
    route: param === 'new' ? blank : null,
    name: '',
  }));
  const [loadKey, setLoadKey] = useState(0);
  /**
   * The route param whose wayline is in the editor. The page stays alive, hidden, while another tag
   * is on screen, and React runs its effects again when it comes back: fetching again then replaced
   * the person's unsaved edits with the stored route.
   */
  const loadedRef = useRef<string | null>(null);

  useEffect(() => {
    const id = Number(param);
    if (firstLoad(param) !== 'loading' || loadedRef.current === param) return;
    let live = true;
    fetchRoute(id).then(
      (answer) => {
        if (!live) return;
        loadedRef.current = param ?? null;
        const route = fromWaylineRoute(answer.route);
        reset(route);
        setWayline(answer.wayline);
        setName(answer.wayline.name);
        setSaved({ route, name: answer.wayline.name });
        setLoadKey((k) => k + 1);
        setLoad('ready');
      },
      () => live && setLoad('missing'),
    );
    return () => {
      live = false;
    };
  }, [param, reset]);

  const save = useCallback(
    async (route: EditorRoute, asNew: boolean, fallbackName: string): Promise<boolean> => {
      const workspaceId = asNew || !wayline ? workspace?.id : wayline.workspace_id;
      if (workspaceId === undefined) return false;
      const finalName = name.trim() === '' ? fallbackName : name.trim();
      try {
        const stored = await saveRoute({
          ...(!asNew && wayline && { id: wayline.id }),
          workspace_id: workspaceId,
          name: finalName,
          route: toWaylineRoute(route, Date.now(), userInfo?.username),
        });
        setWayline(stored);
        setName(stored.name);
        setSaved({ route, name: stored.name });
        return true;
      } catch {
        // The client has shown the server's reason.
        return false;
      }
    },
    [name, wayline, workspace, userInfo],
  );

  const exportKmz = useCallback(
    async (savedMessage: (n: string) => string) => {
      if (!wayline) return;
      const result = await downloadWayline(wayline.id);
      if (!result.ok) return toastError(result.message);
      saveBlob(result.value, `${wayline.name}.kmz`);
      toastSuccess(savedMessage(wayline.name));
    },
    [wayline],
  );

  /** Frames the route on the map again (after a draft replaced what was loaded). */
  const reframe = useCallback(() => setLoadKey((k) => k + 1), []);

  return {
    wayline,
    name,
    setName,
    load,
    saved,
    save,
    exportKmz,
    loadKey,
    reframe,
    hasProject: !!workspace,
  };
}
