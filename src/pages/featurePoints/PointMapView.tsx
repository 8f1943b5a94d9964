import { useEffect, useRef, useState } from 'react';
import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { Marker, useMap } from 'react-map-gl/maplibre';
import { useTranslation } from 'react-i18next';
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import { DockLandmarks, FitDocks } from '../../components/DockLandmarks/DockLandmarks.tsx';
import { useDockPlaces } from '../../components/DockLandmarks/useDockPlaces.ts';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { framePlaces } from '../../map/framePlaces.ts';
import { PointLayer, type PointLayerProps } from './PointLayer.tsx';
import { useDisplayDatum } from '../../map/displayCoords.ts';

/** Names are drawn beside the points up to this many; beyond, the dots alone stay readable. */
const LABEL_LIMIT = 300;
const START = { longitude: 113.95, latitude: 22.54, zoom: 12 };

/** Brings every point into view once, when the first ones arrive. */
function FitPoints({ points }: { points: readonly FeaturePoint[] }) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  const done = useRef(false);
  useEffect(() => {
    if (!map || done.current || points.length === 0) return;
    done.current = true;
    framePlaces(
      map,
      points.map((p) => [p.longitude, p.latitude] as const),
      toDisplay,
      { padding: 60, maxZoom: 16 },
    );
  }, [map, points, toDisplay]);
  return null;
}

function Labels({ points }: { points: readonly FeaturePoint[] }) {
  const { toDisplay } = useDisplayDatum();
  if (points.length > LABEL_LIMIT) return null;
  return points.map((p) => {
    const [lng, lat] = toDisplay(p.longitude, p.latitude);
    return (
      <Marker key={p.id} longitude={lng} latitude={lat} anchor="left" offset={[9, 0]}>
        <span className="fp-label">{p.name}</span>
      </Marker>
    );
  });
}

interface Props extends Omit<PointLayerProps, 'adding'> {
  loading: boolean;
  adding: boolean;
  onCancelAdd: () => void;
}

/** The map mode: every point, opened by a click and moved by a drag; a click places a new one in add mode. */
export function PointMapView({ loading, adding, onCancelAdd, ...draw }: Props) {
  const { t } = useTranslation('featurePoints');
  const [ready, setReady] = useState(false);
  const docks = useDockPlaces();
  return (
    <div
      className={adding ? 'fp-map fp-map--adding' : 'fp-map'}
      data-testid="feature-map"
      data-points={draw.points.length}
      data-docks={docks.map((dock) => dock.name).join('\n')}
      data-ready={ready}
    >
      <ConsoleMap
        initialViewState={START}
        onLoaded={(map) => {
          // The tab's panel may have been laid out after the map measured it.
          map.resize();
          setReady(true);
        }}
      >
        <DockLandmarks docks={docks} />
        <PointLayer {...draw} adding={adding} />
        <FitPoints points={draw.points} />
        <FitDocks docks={docks} empty={!loading && draw.points.length === 0} maxZoom={14} />
        <Labels points={draw.points} />
      </ConsoleMap>
      {adding && (
        <Callout className="fp-map-hint" intent="primary" icon="map-marker">
          {t('addHint')}
          <Button variant="minimal" text={t('cancelAdd')} onClick={onCancelAdd} />
        </Callout>
      )}
      {!loading && draw.points.length === 0 && !adding && (
        <NonIdealState
          className="fp-map-empty"
          icon="map-marker"
          title={t('empty')}
          description={t('emptyHint')}
        />
      )}
    </div>
  );
}
