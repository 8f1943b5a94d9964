/**
 * Everything the basemap needs inside a map: the style applier, the offline graticule and the
 * switcher. The map itself should start from `startStyle` (`useBasemapStyle.ts`).
 */
import { BasemapSwitcher } from './BasemapSwitcher.tsx';
import { BasemapSync } from './BasemapSync.tsx';
import { OfflineGraticule } from './OfflineGraticule.tsx';
import './basemap.css';

/** The basemap of a map: mount as a child of react-map-gl's `<Map>`. */
export function Basemap() {
  return (
    <>
      <BasemapSync />
      <OfflineGraticule />
      <BasemapSwitcher />
    </>
  );
}
