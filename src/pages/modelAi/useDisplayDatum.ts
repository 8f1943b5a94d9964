/**
 * Both ways between WGS-84 (what a point stores) and the datum of the basemap shown (what the map
 * and terra-draw see), so a click on a GCJ-02 basemap is stored where the aircraft should fly.
 */
import { useBasemapState } from '../../map/basemapStore.ts';
import { converterFor, gcj02ToWgs84, type ToDisplay } from '../../map/datumConvert.ts';
import { datumOf } from '../../map/presets.ts';

const identity: ToDisplay = (lng, lat) => [lng, lat];

export function useDisplayDatum(): { toDisplay: ToDisplay; fromDisplay: ToDisplay } {
  const datum = datumOf(useBasemapState().active);
  return {
    toDisplay: converterFor(datum),
    fromDisplay: datum === 'gcj02' ? gcj02ToWgs84 : identity,
  };
}
