/**
 * Where a WGS-84 position is drawn on the current basemap. Every map position goes through here so
 * a basemap in another datum (AMap/Gaode uses GCJ-02) shows markers on its own streets.
 */
import { basemapState, useBasemapState } from './basemapStore.ts';
import { converterFor } from './datumConvert.ts';
import type { ToDisplay } from './datumConvert.ts';
import { datumOf } from './presets.ts';

export type { ToDisplay } from './datumConvert.ts';

/**
 * The converter for the basemap currently shown; changes (and re-renders) when the basemap does.
 */
export function useToDisplay(): ToDisplay {
  return converterFor(datumOf(useBasemapState().active));
}

/** The converter for code outside React; same result as {@link useToDisplay}. */
export function toDisplay(lng: number, lat: number): [number, number] {
  return converterFor(datumOf(basemapState().active))(lng, lat);
}
