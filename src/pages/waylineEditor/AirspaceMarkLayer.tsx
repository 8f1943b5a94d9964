/**
 * The planning check's findings on the editor's map: each waypoint in a no-fly area (or outside
 * the operation areas) ringed in red, each such leg drawn over in red. Above the route's line,
 * below terra-draw's editable waypoints, so the marks never take a click meant for a waypoint.
 */
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { allPoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import { markedFeatures, type AirspaceMarks } from './airspaceMarks.ts';

/** The no-fly red of the airspace layer, so a mark reads as "this is what the area refuses". */
const MARK = '#e76a6e';

export function AirspaceMarkLayer({ route, marks }: { route: EditorRoute; marks: AirspaceMarks }) {
  const { toDisplay } = useDisplayDatum();
  const data = useMemo(
    () => markedFeatures(allPoints(route), marks, toDisplay),
    [route, marks, toDisplay],
  );
  return (
    <Source id="editor-airspace-marks" type="geojson" data={data}>
      <Layer
        id="editor-airspace-marks-leg"
        type="line"
        filter={['==', ['get', 'kind'], 'leg']}
        paint={{ 'line-color': MARK, 'line-width': 6, 'line-opacity': 0.85 }}
        layout={{ 'line-cap': 'round' }}
      />
      <Layer
        id="editor-airspace-marks-point"
        type="circle"
        filter={['==', ['get', 'kind'], 'point']}
        paint={{
          'circle-radius': 12,
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-color': MARK,
          'circle-stroke-width': 3,
        }}
      />
    </Source>
  );
}
