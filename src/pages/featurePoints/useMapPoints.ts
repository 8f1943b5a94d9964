import { useEffect, useState } from 'react';
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import type { Query } from '../../api/createClient.ts';
import { listFeaturePoints } from '../../api/featurePoints.ts';

/** Points drawn on the map at most (the server's page limit). */
const MAP_LIMIT = 1000;

/**
 * The points the map draws: every point the table's filters let through, up to the server's page
 * limit, read again when the filters change or the page counts a change (`version`).
 */
export function useMapPoints(filters: Query, version: number) {
  const [points, setPoints] = useState<FeaturePoint[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    void listFeaturePoints({ ...filters, current: 1, size: MAP_LIMIT }).then(
      (page) => {
        if (!live) return;
        setPoints(page.data);
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [filters, version]);
  return { points, setPoints, loading };
}
