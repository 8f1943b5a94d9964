/** Bubbles at low zoom, recomputed on a new zoom level, new members, or at most once a second. */
import { describe, expect, it } from 'vitest';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_REFRESH_MS,
  DroneClusters,
} from '../../../../src/pages/dashboard/map/gl/droneClusters.ts';

const T = 1_000_000;
// Three drones within metres of each other, one 20 km away.
const lon = [114, 114.0001, 114.0002, 114.2];
const lat = [22.5, 22.5, 22.5001, 22.5];

describe('drone clusters', () => {
  it('merges close drones into one bubble at low zoom and hides them', () => {
    const clusters = new DroneClusters();
    expect(clusters.update(T, 11, lon, lat, 4)).toBe(true);
    expect(Array.from(clusters.hidden)).toEqual([1, 1, 1, 0]);
    const [bubble] = clusters.bubbles.features;
    expect(clusters.bubbles.features).toHaveLength(1);
    expect(bubble?.properties.point_count).toBe(3);
    expect(bubble?.properties.expansion_zoom).toBeGreaterThan(11);
  });

  it('shows every drone on its own above the cluster zoom', () => {
    const clusters = new DroneClusters();
    clusters.update(T, 11, lon, lat, 4);
    expect(clusters.update(T + 1, CLUSTER_MAX_ZOOM + 1.5, lon, lat, 4)).toBe(true);
    expect(Array.from(clusters.hidden)).toEqual([0, 0, 0, 0]);
    expect(clusters.bubbles.features).toHaveLength(0);
    expect(clusters.update(T + 2, CLUSTER_MAX_ZOOM + 2, lon, lat, 4)).toBe(false);
  });

  it('re-clusters on a new zoom level, not within one', () => {
    const clusters = new DroneClusters();
    clusters.update(T, 11.2, lon, lat, 4);
    expect(clusters.update(T + 1, 11.8, lon, lat, 4)).toBe(false);
    expect(clusters.update(T + 2, 12.1, lon, lat, 4)).toBe(true);
  });

  it('follows moving drones at most once a second', () => {
    const clusters = new DroneClusters();
    clusters.update(T, 11, lon, lat, 4);
    const apart = [114, 114.1, 114.0002, 114.2];
    clusters.noteMoved();
    expect(clusters.update(T + 100, 11, apart, lat, 4)).toBe(false);
    expect(Array.from(clusters.hidden)).toEqual([1, 1, 1, 0]);
    expect(clusters.update(T + CLUSTER_REFRESH_MS, 11, apart, lat, 4)).toBe(true);
    expect(Array.from(clusters.hidden)).toEqual([1, 0, 1, 0]);
    // Still drones are not re-clustered at all.
    expect(clusters.update(T + 5 * CLUSTER_REFRESH_MS, 11, apart, lat, 4)).toBe(false);
  });

  it('re-clusters at once when the roster changes', () => {
    const clusters = new DroneClusters();
    clusters.update(T, 11, lon, lat, 4);
    clusters.noteMembership();
    expect(clusters.update(T + 1, 11, lon.slice(0, 2), lat.slice(0, 2), 2)).toBe(true);
    expect(Array.from(clusters.hidden)).toEqual([1, 1]);
    expect(clusters.bubbles.features[0]?.properties.point_count).toBe(2);
  });
});
