import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { NO_HOLES } from '../../lib/route/mappingHoles.ts';
import { defaultMapping, type MappingSettings } from '../../lib/route/mappingRoute.ts';
import type { SaveLoss } from '../../lib/route/routeLosses.ts';
import type { RouteDraft } from '../../lib/route/routeDraft.ts';
import { emptyRoute, type EditorRoute } from '../../lib/route/routeModel.ts';
import type { DrawMode } from './RouteDraw.tsx';
import { useEditorFile } from './useEditorFile.ts';
import { useRouteHistory } from './useRouteHistory.ts';

/** The editor's side panel on show. */
export type PanelTab = 'point' | 'globals' | 'mapping';

/** A save waiting for the user to accept what it would lose. */
export interface PendingSave {
  asNew: boolean;
  losses: SaveLoss[];
}

/** Lines edited by hand that an edit would generate again, waiting for the user to say go. */
export interface PendingRegeneration {
  run: () => void;
}

/**
 * What the wayline editor holds between renders: the route with its undo history, the file it came
 * from, what is being drawn and which panel shows, and how an opened route or a draft replaces it.
 */
export function useEditorSession() {
  /** Where a new route starts, and what it is compared with to know whether it holds edits. */
  const [blank] = useState(emptyRoute);
  const history = useRouteHistory(blank);
  const [mode, setMode] = useState<DrawMode>('route');
  const [tab, setTab] = useState<PanelTab>('globals');
  /** An area drawn and not yet generated; a generated one lives in the route. */
  const [area, setDrawnArea] = useState<[number, number][] | null>(null);
  /** The holes of that area, kept until Generate puts them into the route with it. */
  const [areaHoles, setAreaHoles] = useState<readonly (readonly [number, number][])[]>(NO_HOLES);
  // The holes were drawn inside the old area: a new one (or none) starts without them.
  const setArea = useCallback((ring: [number, number][] | null) => {
    setDrawnArea(ring);
    setAreaHoles(NO_HOLES);
  }, []);
  const [mapping, setMapping] = useState<MappingSettings>(() => defaultMapping('1-53-0'));
  /** A save waiting for the user to accept what it would lose. */
  const [pending, setPending] = useState<PendingSave | null>(null);
  const [regeneration, setRegeneration] = useState<PendingRegeneration | null>(null);
  /** Saved since it was opened: what the opened file held and the editor could not keep is gone. */
  const [written, setWritten] = useState(false);
  const { reset } = history;
  const loaded = useCallback(
    (opened: EditorRoute) => {
      reset(opened);
      setArea(null);
      setRegeneration(null);
      setWritten(false);
      if (opened.mapping) {
        setMapping(opened.mapping.settings);
        setTab('mapping');
      }
    },
    [reset, setArea],
  );
  const param = useParams().id;
  const file = useEditorFile(param, loaded, blank);
  const { setName, reframe } = file;
  const restore = useCallback(
    (draft: RouteDraft) => {
      loaded(draft.route);
      setName(draft.name);
      reframe();
    },
    [loaded, setName, reframe],
  );
  return {
    blank,
    history,
    mode,
    setMode,
    tab,
    setTab,
    area,
    setArea,
    areaHoles,
    setAreaHoles,
    mapping,
    setMapping,
    pending,
    setPending,
    regeneration,
    setRegeneration,
    written,
    setWritten,
    loaded,
    param,
    file,
    restore,
  };
}

/** The editor's session, as the parts built on it receive it. */
export type EditorSession = ReturnType<typeof useEditorSession>;
