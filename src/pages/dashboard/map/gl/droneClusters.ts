/**
 * Which drones merge into cluster bubbles at low zoom, kept apart from the per-frame drawing: the
 * GL layer draws every drone every frame, while clusters change only when the zoom level, the set of
 * drones or (at most once a second) their positions change.
 *
 * Clustering uses `supercluster`, the library MapLibre itself runs in its worker for clustered
 * GeoJSON sources, so bubbles form exactly as they did with the clustered source (same radius in
 * 512 px tiles, same integer-zoom levels). MapLibre does not expose its copy to the main thread; the
 * npm package is maintained, ESM with its own types, and indexes 2 000 points in a few ms.
 */
import Supercluster from 'supercluster';
import type { FeatureCollection, Point } from 'geojson';

/** Above this zoom every drone is drawn on its own: at street level a bubble hides what matters. */
export const CLUSTER_MAX_ZOOM = 13;
/** Drones closer than this on screen merge into one bubble (px). */
export const CLUSTER_RADIUS_PX = 36;
/** Drones move under a bubble; the bubbles follow them at most this often (ms). */
export const CLUSTER_REFRESH_MS = 1_000;

/** What a bubble's symbol layer reads: its count (for the icon) and where a click zooms to. */
export interface BubbleProperties {
  point_count: number;
  expansion_zoom: number;
}

export type Bubbles = FeatureCollection<Point, BubbleProperties>;

interface Slot {
  slot: number;
}

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

const noBubbles = (): Bubbles => ({ type: 'FeatureCollection', features: [] });

/** Cluster state of the drone roster: which slots a bubble hides, and the bubbles. */
export class DroneClusters {
  /** 1 for a slot drawn as part of a bubble, else 0; as long as the roster. */
  hidden = new Uint8Array(0);
  bubbles: Bubbles = noBubbles();
  private index: Supercluster<Slot, Record<string, never>> | null = null;
  private builtAt = -Infinity;
  private queriedZoom = Number.NaN;
  private moved = false;
  private membershipChanged = true;

  /** The drones moved: the next update after the refresh period re-clusters them. */
  noteMoved(): void {
    this.moved = true;
  }

  /** The roster changed: the next update re-clusters at once. */
  noteMembership(): void {
    this.membershipChanged = true;
  }

  /**
   * Brings bubbles and `hidden` up to date for the map at `zoom` with `count` drones at `lon`/`lat`
   * (display coordinates); answers whether either changed.
   */
  update(
    now: number,
    zoom: number,
    lon: ArrayLike<number>,
    lat: ArrayLike<number>,
    count: number,
  ): boolean {
    // MapLibre clustered per integer zoom level (its tile zoom); so do we.
    const level = Math.floor(zoom);
    const resized = this.hidden.length !== count;
    if (resized) this.hidden = new Uint8Array(count);
    if (level > CLUSTER_MAX_ZOOM) {
      // No bubbles up close; the index is rebuilt when the map zooms back out.
      const had = this.bubbles.features.length > 0 || this.hidden.includes(1);
      this.index = null;
      this.queriedZoom = level;
      this.membershipChanged = false;
      if (had) {
        this.hidden.fill(0);
        this.bubbles = noBubbles();
      }
      return had || resized;
    }
    const rebuild =
      this.index === null ||
      this.membershipChanged ||
      (this.moved && now - this.builtAt >= CLUSTER_REFRESH_MS);
    if (rebuild) {
      this.index = buildIndex(lon, lat, count);
      this.builtAt = now;
      this.moved = false;
      this.membershipChanged = false;
    } else if (level === this.queriedZoom && !resized) return false;
    this.queriedZoom = level;
    this.query(this.index ?? buildIndex(lon, lat, count), level);
    return true;
  }

  private query(index: Supercluster<Slot, Record<string, never>>, level: number): void {
    this.hidden.fill(1);
    const features: Bubbles['features'] = [];
    for (const feature of index.getClusters(WORLD, level)) {
      const props = feature.properties;
      if ('cluster' in props) {
        features.push({
          type: 'Feature',
          geometry: feature.geometry,
          properties: {
            point_count: props.point_count,
            expansion_zoom: index.getClusterExpansionZoom(props.cluster_id),
          },
        });
      } else {
        this.hidden[props.slot] = 0;
      }
    }
    this.bubbles = { type: 'FeatureCollection', features };
  }
}

function buildIndex(
  lon: ArrayLike<number>,
  lat: ArrayLike<number>,
  count: number,
): Supercluster<Slot, Record<string, never>> {
  const points = [];
  for (let slot = 0; slot < count; slot += 1)
    points.push({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [lon[slot] ?? 0, lat[slot] ?? 0] },
      properties: { slot },
    });
  return new Supercluster<Slot, Record<string, never>>({
    radius: CLUSTER_RADIUS_PX,
    extent: 512,
    maxZoom: CLUSTER_MAX_ZOOM,
  }).load(points);
}
