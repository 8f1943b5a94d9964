import { useCallback, useState } from 'react';
import type { History } from '../../lib/route/history.ts';
import { canRedo, canUndo, record, redo, startHistory, undo } from '../../lib/route/history.ts';
import type { EditorRoute } from '../../lib/route/routeModel.ts';
import { activePoints } from '../../lib/route/routeModel.ts';

/** The edited route with undo/redo, starting from `initial`, and the id of the selected waypoint. */
export function useRouteHistory(initial: EditorRoute) {
  const [history, setHistory] = useState<History<EditorRoute>>(() => startHistory(initial));
  const [selected, setSelected] = useState<string | null>(null);
  /** Applies an edit of the present route as one undo step. */
  const edit = useCallback(
    (change: (route: EditorRoute) => EditorRoute) =>
      setHistory((h) => record(h, change(h.present))),
    [],
  );
  /** Starts over from a loaded route (nothing to undo). */
  const reset = useCallback((route: EditorRoute) => {
    setHistory(startHistory(route));
    setSelected(null);
  }, []);
  return {
    route: history.present,
    edit,
    reset,
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    selected: activePoints(history.present).some((p) => p.id === selected) ? selected : null,
    select: setSelected,
  };
}
