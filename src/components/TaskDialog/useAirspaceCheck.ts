import { useEffect, useState } from 'react';
import { AIRSPACE_API } from '../../../protocol/airspace.ts';
import type { AirspaceRouteCheck } from '../../../protocol/airspace.ts';
import { http } from '../../api/http.ts';

/**
 * The chosen route against its project's airspace, asked again whenever another route is chosen:
 * null while none is chosen or the answer is out. A failed check says nothing here; the server
 * checks again when the task is saved and refuses it in words.
 */
export function useAirspaceCheck(waylineId: string): AirspaceRouteCheck | null {
  const [check, setCheck] = useState<{ of: string; answer: AirspaceRouteCheck } | null>(null);
  useEffect(() => {
    if (waylineId === '') return;
    let live = true;
    http
      .request<AirspaceRouteCheck>('GET', AIRSPACE_API.check, {
        query: { wayline_id: waylineId },
        quiet: true,
      })
      .then(
        (answer) => {
          if (live) setCheck({ of: waylineId, answer });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [waylineId]);
  return check !== null && check.of === waylineId ? check.answer : null;
}
