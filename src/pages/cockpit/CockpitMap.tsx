/**
 * The cockpit's mini-map: basemap, the project's airspace, the project's docks with their names
 * (landmarks, and where else an aircraft could land), the aircraft's trail, the aircraft, home and a
 * fly-to target.
 */
import { useEffect, useRef, useState } from 'react';
import { Map, useMap } from 'react-map-gl/maplibre';
import { Basemap } from '../../map/Basemap.tsx';
import { useStartStyle } from '../../map/useBasemapStyle.ts';
import { useToDisplay } from '../../map/displayCoords.ts';
import { maplibregl } from '../../map/maplibre.ts';
import { TrailLayer } from '../../map/TrailLayer.tsx';
import { AirspaceLayer } from '../../map/AirspaceLayer.tsx';
import { DockLandmarks } from '../../components/DockLandmarks/DockLandmarks.tsx';
import { useDockPlaces } from '../../components/DockLandmarks/useDockPlaces.ts';
import { CockpitMarkers, type LatLon } from './CockpitMarkers.tsx';

interface Props {
  sn: string;
  aircraft: LatLon | null;
  heading: number | null;
  home: LatLon | null;
  target: LatLon | null;
  onPick?: (point: LatLon) => void;
}

/** Close enough to see a few hundred metres around the aircraft. */
const ZOOM = 16;

/** Keeps the aircraft in view: re-centres when it nears the edge rather than on every update. */
function KeepInView({ at }: { at: LatLon | null }) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const fixed = useRef(false);
  useEffect(() => {
    if (map === undefined || at === null) return;
    const [lng, lat] = toDisplay(at.lon, at.lat);
    if (!fixed.current) {
      // The first position may come after the map opened on the city: zoom in on the aircraft.
      fixed.current = true;
      map.jumpTo({ center: [lng, lat], zoom: Math.max(map.getZoom(), ZOOM) });
      return;
    }
    const pixel = map.project([lng, lat]);
    const { clientWidth: w, clientHeight: h } = map.getContainer();
    const margin = Math.min(w, h) * 0.2;
    if (pixel.x < margin || pixel.y < margin || pixel.x > w - margin || pixel.y > h - margin) {
      map.jumpTo({ center: [lng, lat] });
    }
  }, [map, at, toDisplay]);
  return null;
}

export function CockpitMap({ sn, aircraft, heading, home, target, onPick }: Props) {
  const [loaded, setLoaded] = useState(false);
  const style = useStartStyle();
  const docks = useDockPlaces();
  const [initial] = useState(() =>
    aircraft === null
      ? { longitude: 113.95, latitude: 22.54, zoom: 12 }
      : { longitude: aircraft.lon, latitude: aircraft.lat, zoom: ZOOM },
  );
  return (
    <div
      className="dc-map"
      data-testid="cockpit-map"
      data-lat={aircraft?.lat.toFixed(7) ?? ''}
      data-lon={aircraft?.lon.toFixed(7) ?? ''}
      // The docks drawn, by name (the map itself is a canvas).
      data-docks={docks.map((dock) => dock.name).join('\n')}
    >
      <Map
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={initial}
        style={{ width: '100%', height: '100%' }}
        attributionControl={{ compact: true }}
        onLoad={() => setLoaded(true)}
      >
        <Basemap />
        {loaded && (
          <>
            <AirspaceLayer />
            <DockLandmarks docks={docks} />
            <TrailLayer sn={sn} />
            <CockpitMarkers
              aircraft={aircraft}
              heading={heading}
              home={home}
              target={target}
              {...(onPick === undefined ? {} : { onPick })}
            />
            <KeepInView at={aircraft} />
          </>
        )}
      </Map>
    </div>
  );
}
