/**
 * The workbench map: the chosen basemap (`src/map`), the project's airspace, the fleet, the
 * selected drone's trail and follow mode. Layer components mount only once the style has loaded,
 * since sources cannot be added before.
 */
import { ConsoleMap } from '../../../map/ConsoleMap.tsx';
import { DocksLayer } from './DocksLayer.tsx';
import { DronesLayer } from './DronesLayer.tsx';
import { TrailLayer } from '../../../map/TrailLayer.tsx';
import { AirspaceLayer } from '../../../map/AirspaceLayer.tsx';
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
  return (
    // No symbol fade: drone icons move every push, and a fade would redraw the map at the frame
    // rate for 300 ms after each one.
    <ConsoleMap initialViewState={INITIAL_VIEW} fadeDuration={0}>
      {/* First, so the project's airspace lies under everything that moves. */}
      <AirspaceLayer />
      <TrailLayer sn={selected} />
      <DocksLayer selected={selected} onSelect={onSelect} />
      <DronesLayer selected={selected} onSelect={onSelect} />
      <FollowCamera sn={selected} follow={follow} onStop={onStopFollow} />
    </ConsoleMap>
  );
}
