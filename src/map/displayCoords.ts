/**
 * Where a WGS-84 position is drawn on the current basemap. Every map position goes through here so
 * a basemap in another datum (AMap/Gaode uses GCJ-02) shows markers on its own streets.
 */
import { basemapState, useBasemapState } from './basemapStore.ts';
import { converterFor, gcj02ToWgs84 } from './datumConvert.ts';
import type { ToDisplay } from './datumConvert.ts';
import { datumOf } from './presets.ts';

export type { ToDisplay } from './datumConvert.ts';

/**
 * The converter for the basemap currently shown; changes (and re-renders) when the basemap does.
 */
export function useToDisplay(): ToDisplay {
  return converterFor(datumOf(useBasemapState().active));
}

const identity: ToDisplay = (lng, lat) => [lng, lat];

/**
 * Both ways between WGS-84 (what routes and feature points store) and the datum of the basemap shown
 * (what the map and terra-draw see): a click on a GCJ-02 basemap lands on its own streets and is
 * stored as the WGS-84 position the aircraft flies to. Stable functions per datum.
 */
export function useDisplayDatum(): { toDisplay: ToDisplay; fromDisplay: ToDisplay } {
  const datum = datumOf(useBasemapState().active);
  return {
    toDisplay: converterFor(datum),
    fromDisplay: datum === 'gcj02' ? gcj02ToWgs84 : identity,
  };
}

/** The converter for code outside React; same result as {@link useToDisplay}. */
export function toDisplay(lng: number, lat: number): [number, number] {
  return converterFor(datumOf(basemapState().active))(lng, lat);
}
