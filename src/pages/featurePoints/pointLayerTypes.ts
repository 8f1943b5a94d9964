import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import type { ToDisplay } from '../../map/datumConvert.ts';

/** What the page hands the point layer: the points, which are picked, and what a gesture does. */
export interface PointLayerProps {
  points: readonly FeaturePoint[];
  picked: ReadonlySet<number>;
  adding: boolean;
  canMove: boolean;
  onPlace: (lng: number, lat: number) => void;
  onOpen: (id: number) => void;
  onMove: (id: number, lng: number, lat: number) => void;
}

/**
 * The layer's latest props with the basemap's datum both ways, read by the map's handlers, which
 * are added once and so must not close over one render's values.
 */
export interface LatestPoints extends PointLayerProps {
  toDisplay: ToDisplay;
  fromDisplay: ToDisplay;
}

/** A point held by the pointer: where the press began and, once it moved far enough, where it is. */
export interface PointDrag {
  id: number;
  from: { x: number; y: number };
  at: [number, number] | null;
}
