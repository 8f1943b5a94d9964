/**
 * The workbench map: the chosen basemap (`src/map`), the fleet, the selected drone's
 * trail and follow mode. Layer components mount only once the style has loaded, since sources cannot
 * be added before.
 */
import { useState } from 'react';
import { Map, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import { maplibregl } from './maplibre.ts';
import { Basemap } from '../../../map/Basemap.tsx';
import { useStartStyle } from '../../../map/useBasemapStyle.ts';
import { DocksLayer } from './DocksLayer.tsx';
import { DronesLayer } from './DronesLayer.tsx';
import { TrailLayer } from './TrailLayer.tsx';
import { FollowCamera } from './FollowCamera.tsx';

/** The simulator's default centre (Shenzhen, Nanshan) at a zoom that shows a city district. */
const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 11 };

interface Props {
  selected: string | null;
  follow: boolean;
  onSelect: (sn: string) => void;
  onStopFollow: () => void;
}

/** The map pane of the workbench. */
export function WorkbenchMap({ selected, follow, onSelect, onStopFollow }: Props) {
  const [loaded, setLoaded] = useState(false);
  // The basemap is swapped in by <Basemap> under the layers below; the map starts from its sea colour.
  const style = useStartStyle();
  return (
    <Map
      mapLib={maplibregl}
      mapStyle={style}
      initialViewState={INITIAL_VIEW}
      style={{ width: '100%', height: '100%' }}
      // html2canvas (report export) can only copy a WebGL canvas that keeps its drawing buffer.
      canvasContextAttributes={{ preserveDrawingBuffer: true }}
      // Tile and data licences (OpenStreetMap, GeoNames, Tianditu, AMap) ask for their credit line.
      attributionControl={{ compact: true }}
      onLoad={() => setLoaded(true)}
    >
      <NavigationControl position="top-right" />
      <ScaleControl position="bottom-left" />
      <Basemap />
      {loaded && (
        <>
          <TrailLayer sn={selected} />
          <DocksLayer selected={selected} onSelect={onSelect} />
          <DronesLayer selected={selected} onSelect={onSelect} />
          <FollowCamera sn={selected} follow={follow} onStop={onStopFollow} />
        </>
      )}
    </Map>
  );
}
