/**
 * MapLibre as the console's maps use it. Vite does not see the worker MapLibre starts at run time,
 * so its URL is imported as an asset and handed over explicitly; without this the map draws nothing.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
