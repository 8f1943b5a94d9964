/**
 * What saving a route would lose, so the editor can say so before it writes the file: never a
 * silent drop. Each loss names the wayline and waypoint (both from 1) as the editor shows them.
 */
import type { LoadNote, EditorRoute } from './routeModel.ts';

export type SaveLoss =
  | LoadNote
  /** A kept action group whose end point was deleted or moved before its start. */
  | { kind: 'group'; wayline: number; point: number; trigger: string; actions: string[] }
  /** Photos by distance from the last point: there is no leg after it. */
  | { kind: 'photoEvery'; wayline: number; point: number }
  /** A wayline without points is not written. */
  | { kind: 'emptyWayline'; wayline: number };

/** Everything of `route` that `toWaylineRoute` would not write, in wayline and point order. */
export function saveLosses(route: EditorRoute): SaveLoss[] {
  const losses: SaveLoss[] = [...(route.notes ?? [])];
  route.waylines.forEach((w, wi) => {
    const wayline = wi + 1;
    if (w.points.length === 0 && route.waylines.length > 1)
      losses.push({ kind: 'emptyWayline', wayline });
    const position = new Map(w.points.map((p, i) => [p.id, i]));
    w.points.forEach((p, i) => {
      const point = i + 1;
      if (p.photoEvery !== undefined && p.photoEvery > 0 && i === w.points.length - 1)
        losses.push({ kind: 'photoEvery', wayline, point });
      for (const kept of p.kept ?? []) {
        const end = position.get(kept.untilId);
        if (end === undefined || end < i)
          losses.push({
            kind: 'group',
            wayline,
            point,
            trigger: kept.group.trigger.type,
            actions: kept.group.actions.map((a) => a.func),
          });
      }
    });
  });
  return losses;
}
