import type { TFunction } from 'i18next';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { hasHandEdits } from '../../lib/route/hasHandEdits.ts';
import { addHole, holeRefusal, removeHole } from '../../lib/route/mappingHoles.ts';
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
 * Generate with the holes drawn in it meanwhile, a hole of a generated route is cut into it at once
 * (or refused), and Generate replaces the route. Whatever generates lines edited by hand again asks
 * first, since it would replace that work.
 */
export function editorMappingActions({ t, session, shownArea, shownHoles }: Inputs) {
  const { history, area, setArea, areaHoles, setAreaHoles, setMode, setTab, mapping } = session;
  const { route } = history;
  const { regeneration, setRegeneration } = session;
  /** Runs `edit` now, or once the user agrees, when it would replace lines edited by hand. */
  const regenerating = (edit: () => void) => {
    if (hasHandEdits(route)) setRegeneration({ run: edit });
    else edit();
  };
  return {
    onArea: (ring: [number, number][]) => {
      setArea(ring);
      setMode('route');
      setTab('mapping');
    },
    onHole: (ring: [number, number][]) => {
      setMode('route');
      setTab('mapping');
      // An area not generated yet keeps its holes until Generate: no lines to cut them out of yet.
      if (area) {
        const refused = holeRefusal(area, areaHoles, ring);
        if (refused) return toastError(t(`mapping.holeRefused.${refused}`));
        setAreaHoles([...areaHoles, ring]);
        return toastSuccess(t('mapping.holePending'));
      }
      const added = addHole(route, ring);
      if (!added.ok) return toastError(t(`mapping.holeRefused.${added.reason}`));
      regenerating(() => {
        history.edit(() => added.route);
        toastSuccess(t('mapping.holeAdded', { count: activePoints(added.route).length }));
      });
    },
    onRemoveHole: (index: number) => {
      if (area) return setAreaHoles(areaHoles.filter((_, i) => i !== index));
      regenerating(() => history.edit((r) => removeHole(r, index)));
    },
    onGenerate: () => {
      if (!shownArea) return;
      const next = withMapping(route, shownArea, mapping, shownHoles);
      const count = activePoints(next).length;
      if (count === 0) return toastError(t('mapping.nothing'));
      regenerating(() => {
        history.edit(() => next);
        setArea(null);
        toastSuccess(t('mapping.generated', { count }));
      });
    },
    onConfirmRegeneration: () => {
      setRegeneration(null);
      regeneration?.run();
    },
    onCancelRegeneration: () => setRegeneration(null),
  };
}
