/** A small map centred on where the alarm was raised, with a marker there. */
import { Map, Marker } from 'react-map-gl/maplibre';
import { Basemap } from '../../map/Basemap.tsx';
import { useToDisplay } from '../../map/displayCoords.ts';
import { useStartStyle } from '../../map/useBasemapStyle.ts';
import { maplibregl } from '../../map/maplibre.ts';

/** Close enough to see the streets around the spot. */
const ZOOM = 15;

export function AlarmMiniMap({ lat, lon }: { lat: number; lon: number }) {
  const style = useStartStyle();
  const toDisplay = useToDisplay();
  const [lng, la] = toDisplay(lon, lat);
  return (
    <div className="aralm-minimap" data-testid="alarm-minimap">
      <Map
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={{ longitude: lng, latitude: la, zoom: ZOOM }}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
      >
        <Basemap />
        <Marker longitude={lng} latitude={la} color="#d9822b" />
      </Map>
    </div>
  );
}
