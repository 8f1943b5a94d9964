import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import { Map, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '../../../protocol/media.ts';
import { Basemap } from '../../map/Basemap.tsx';
import { useStartStyle } from '../../map/useBasemapStyle.ts';
import { maplibregl } from '../../map/maplibre.ts';
import { PhotosLayer } from './PhotosLayer.tsx';

/** The simulator's default centre (Shenzhen, Nanshan), shown until the photos are framed. */
const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 11 };

/** A map of where the page's files were shot; a click on one opens its preview. */
export function MediaMap({
  rows,
  onOpen,
}: {
  rows: readonly MediaFile[];
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('media');
  const [loaded, setLoaded] = useState(false);
  const style = useStartStyle();
  const located = rows.filter((f) => f.lat !== null && f.lon !== null).length;
  return (
    <div className="sd-media-map-wrap">
      <Callout compact intent={located === 0 ? 'warning' : 'primary'} icon="map-marker">
        {located === 0 ? t('noPosition') : t('mapCount', { count: located })}
      </Callout>
      <div className="sd-media-map" data-testid="media-map">
        <Map
          mapLib={maplibregl}
          mapStyle={style}
          initialViewState={INITIAL_VIEW}
          style={{ width: '100%', height: '100%' }}
          attributionControl={{ compact: true }}
          onLoad={() => setLoaded(true)}
        >
          <NavigationControl position="top-right" />
          <ScaleControl position="bottom-left" />
          <Basemap />
          {loaded && <PhotosLayer rows={rows} onOpen={onOpen} />}
        </Map>
      </div>
    </div>
  );
}
