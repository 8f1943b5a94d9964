/**
 * Both ways between WGS-84 (what the route stores) and the datum of the basemap shown (what the
 * map and terra-draw see): on a GCJ-02 basemap a click lands on its own streets, and is stored as
 * the WGS-84 position the aircraft flies to.
 */
import { useBasemapState } from '../../map/basemapStore.ts';
import { converterFor, gcj02ToWgs84, type ToDisplay } from '../../map/datumConvert.ts';
import { datumOf } from '../../map/presets.ts';

const identity: ToDisplay = (lng, lat) => [lng, lat];

/** Converters to and from the basemap's datum; stable objects per datum. */
export function useDisplayDatum(): { toDisplay: ToDisplay; fromDisplay: ToDisplay } {
  const datum = datumOf(useBasemapState().active);
  return {
    toDisplay: converterFor(datum),
    fromDisplay: datum === 'gcj02' ? gcj02ToWgs84 : identity,
  };
}
