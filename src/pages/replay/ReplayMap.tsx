/**
 * The replay's map: every aircraft's track over the window (faint), its last minutes up to the
 * cursor (bright), the aircraft where it was at the cursor with its DRC pilot, the docks and the
 * alarms near the cursor. Renderless layers on the console's map, like the workbench's; what the map
 * holds at the cursor is written on its container for tests (a canvas has nothing to query).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import { AirspaceLayer } from '../../map/AirspaceLayer.tsx';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { useToDisplay } from '../../map/displayCoords.ts';
import { framePlaces } from '../../map/framePlaces.ts';
import { DOCK_ICON_PREFIX } from '../../map/icons/dockIcons.ts';
import { DRONE_ICON_PREFIX } from '../../map/icons/droneIcons.ts';
import { provideMapIcons } from '../../map/icons/mapIcons.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { KIND_COLOURS } from './colours.ts';
import type { AircraftAt } from './cursorFacts.ts';
import { alarmsNear } from './cursorFacts.ts';
import {
  aircraftGeo,
  alarmsGeo,
  docksGeo,
  placesOf,
  tracksGeo,
  trailsGeo,
} from './replayGeoJson.ts';

const ID = 'skydeck-replay';
const SOURCES = ['tracks', 'trails', 'docks', 'alarms', 'aircraft'] as const;
type SourceName = (typeof SOURCES)[number];
const sourceId = (name: SourceName) => `${ID}-${name}`;
/** The bright trail behind each aircraft: its last five minutes. */
const TRAIL_MS = 5 * 60_000;
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

function addLayers(map: MapLibreMap): void {
  for (const name of SOURCES) map.addSource(sourceId(name), { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: `${ID}-tracks`,
    type: 'line',
    source: sourceId('tracks'),
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#abb3bf', 'line-width': 1.5, 'line-opacity': 0.45 },
  });
  map.addLayer({
    id: `${ID}-trails`,
    type: 'line',
    source: sourceId('trails'),
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#f0b726', 'line-width': 3, 'line-opacity': 0.9 },
  });
  map.addLayer({
    id: `${ID}-docks`,
    type: 'symbol',
    source: sourceId('docks'),
    layout: {
      'icon-image': `${DOCK_ICON_PREFIX}ground`,
      'icon-allow-overlap': true,
      'text-field': ['get', 'name'],
      'text-font': ['sans-serif'],
      'text-size': 11,
      'text-offset': [0, 1.4],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': '#e5e8eb', 'text-halo-color': '#1c2127', 'text-halo-width': 1.5 },
  });
  map.addLayer({
    id: `${ID}-alarms`,
    type: 'circle',
    source: sourceId('alarms'),
    paint: {
      'circle-radius': 7,
      'circle-color': [
        'match',
        ['get', 'kind'],
        'gas',
        KIND_COLOURS.gas,
        'ai_alarm',
        KIND_COLOURS.ai_alarm,
        KIND_COLOURS.hms,
      ],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
      'circle-translate': [10, -10],
    },
  });
  map.addLayer({
    id: `${ID}-selected`,
    type: 'circle',
    source: sourceId('aircraft'),
    filter: ['==', ['get', 'selected'], true],
    paint: {
      'circle-radius': 17,
      'circle-color': 'rgba(0,0,0,0)',
      'circle-stroke-color': '#f0b726',
      'circle-stroke-width': 2.5,
    },
  });
  map.addLayer({
    id: `${ID}-aircraft`,
    type: 'symbol',
    source: sourceId('aircraft'),
    layout: {
      'icon-image': ['concat', DRONE_ICON_PREFIX, ['get', 'icon']],
      'icon-rotate': ['get', 'heading'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'text-field': ['get', 'label'],
      'text-font': ['sans-serif'],
      'text-size': 12,
      'text-offset': [0, 1.5],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: { 'text-color': '#ffffff', 'text-halo-color': '#1c2127', 'text-halo-width': 1.5 },
  });
}

function removeLayers(map: MapLibreMap): void {
  if (!mapAlive(map)) return;
  for (const layer of ['aircraft', 'selected', 'alarms', 'docks', 'trails', 'tracks'])
    map.removeLayer(`${ID}-${layer}`);
  for (const name of SOURCES) map.removeSource(sourceId(name));
}

const setData = (map: MapLibreMap, name: SourceName, data: GeoJSON.GeoJSON): void => {
  void map.getSource<GeoJSONSource>(sourceId(name))?.setData(data);
};

interface Props {
  data: ReplayWindow | null;
  t: number;
  aircraft: readonly AircraftAt[];
  selected: string | null;
  onSelect: (sn: string) => void;
}

/** The layers; mounted inside the map once its style has loaded. */
function ReplayLayers({ data, t, aircraft, selected, onSelect }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const { t: words } = useTranslation('replay');
  const framed = useRef<ReplayWindow | null>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (map === undefined) return;
    const stopIcons = provideMapIcons(map);
    addLayers(map);
    const click = (e: MapLayerMouseEvent) => {
      const props: unknown = e.features?.[0]?.properties;
      const sn = typeof props === 'object' && props !== null && 'sn' in props ? props.sn : null;
      if (typeof sn === 'string') select.current(sn);
    };
    const layer = `${ID}-aircraft`;
    map.on('click', layer, click);
    return () => {
      map.off('click', layer, click);
      stopIcons();
      removeLayers(map);
    };
  }, [map]);

  // The window's own shapes change only with the data (or the basemap's datum).
  useEffect(() => {
    if (map === undefined || data === null) return;
    setData(map, 'tracks', tracksGeo(data, toDisplay));
    setData(map, 'docks', docksGeo(data, toDisplay));
    if (framed.current === data) return;
    framed.current = data;
    framePlaces(map, placesOf(data), toDisplay, { padding: 60, maxZoom: 16 });
  }, [map, data, toDisplay]);

  const span = data === null ? 0 : Math.max(60_000, (data.to - data.from) / 100);
  const alarms = useMemo(() => (data === null ? [] : alarmsNear(data, t, span)), [data, t, span]);
  useEffect(() => {
    if (map === undefined || data === null) return;
    const heldBy = (user: string) => words('event.heldBy', { user });
    setData(map, 'trails', trailsGeo(data, t, TRAIL_MS, toDisplay));
    setData(map, 'aircraft', aircraftGeo(aircraft, selected, heldBy, toDisplay));
    setData(map, 'alarms', alarmsGeo(alarms, toDisplay));
    const shown = map.getContainer().dataset;
    shown.replayT = String(t);
    shown.replayPositions = JSON.stringify(
      aircraft.flatMap((a) => (a.sample === null ? [] : [[a.sn, a.sample.lng, a.sample.lat]])),
    );
    shown.replayAlarms = String(alarms.length);
  }, [map, data, t, aircraft, selected, alarms, toDisplay, words]);

  return null;
}

/** The replay map. */
export function ReplayMap(props: Props) {
  return (
    <div className="replay-map" data-testid="replay-map">
      <ConsoleMap initialViewState={{ longitude: 113.94, latitude: 22.52, zoom: 11 }}>
        {/* First, so the project's airspace lies under the tracks. */}
        <AirspaceLayer />
        <ReplayLayers {...props} />
      </ConsoleMap>
    </div>
  );
}
