/**
 * Mouse wiring shared by the clickable map layers: a pointer cursor over their features, and a click
 * on a feature reporting its serial number.
 */
import type { MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';

/** Shows a pointer cursor over `layers`; returns the unbinding. */
export function pointerOver(map: MapLibreMap, layers: readonly string[]): () => void {
  const pointer = (): void => void (map.getCanvas().style.cursor = 'pointer');
  const plain = (): void => void (map.getCanvas().style.cursor = '');
  for (const layer of layers) {
    map.on('mouseenter', layer, pointer);
    map.on('mouseleave', layer, plain);
  }
  return () => {
    for (const layer of layers) {
      map.off('mouseenter', layer, pointer);
      map.off('mouseleave', layer, plain);
    }
  };
}

/** Reports the `sn` property of a clicked feature of `layer`; returns the unbinding. */
export function pickSerial(
  map: MapLibreMap,
  layer: string,
  onPick: (sn: string) => void,
): () => void {
  const pick = (event: MapLayerMouseEvent): void => {
    const sn: unknown = event.features?.[0]?.properties.sn;
    if (typeof sn === 'string') onPick(sn);
  };
  map.on('click', layer, pick);
  return () => void map.off('click', layer, pick);
}
