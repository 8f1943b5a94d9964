import type { TFunction } from 'i18next';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { addHole } from '../../lib/route/mappingHoles.ts';
import { withMapping } from '../../lib/route/mappingRoute.ts';
import { activePoints } from '../../lib/route/routeModel.ts';
import type { EditorSession } from './useEditorSession.ts';

interface Inputs {
  t: TFunction<'waylineEditor'>;
  session: EditorSession;
  /** The area on the map: one drawn and not generated yet, or the route's own. */
  shownArea: [number, number][] | null;
  /** The holes of that area. */
  shownHoles: readonly (readonly [number, number][])[];
}

/**
 * What drawing a mapping area or a hole and generating the mapping route do: an area waits for
 * Generate, a hole is cut into the route at once (or refused), and Generate replaces the route.
 */
export function editorMappingActions({ t, session, shownArea, shownHoles }: Inputs) {
  const { history, setArea, setMode, setTab, mapping } = session;
  const { route } = history;
  return {
    onArea: (ring: [number, number][]) => {
      setArea(ring);
      setMode('route');
      setTab('mapping');
    },
    onHole: (ring: [number, number][]) => {
      setMode('route');
      setTab('mapping');
      const added = addHole(route, ring);
      if (!added.ok) return toastError(t(`mapping.holeRefused.${added.reason}`));
      history.edit(() => added.route);
      toastSuccess(t('mapping.holeAdded', { count: activePoints(added.route).length }));
    },
    onGenerate: () => {
      if (!shownArea) return;
      const next = withMapping(route, shownArea, mapping, shownHoles);
      const count = activePoints(next).length;
      if (count === 0) return toastError(t('mapping.nothing'));
      history.edit(() => next);
      setArea(null);
      toastSuccess(t('mapping.generated', { count }));
    },
  };
}
