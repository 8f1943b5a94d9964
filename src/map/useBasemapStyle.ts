import { useMemo, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../state/app.ts';
import { useBasemapState } from './basemapStore.ts';
import { tagBasemap } from './keepOverlays.ts';
import { basemapStyle } from './styles/basemapStyle.ts';
import { OFFLINE_PALETTES } from './styles/palette.ts';

/** The style of the basemap in use, in the console's theme and language. */
export function useBasemapStyle(): StyleSpecification | string {
  const { config, active } = useBasemapState();
  const { theme } = useAppState();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return useMemo(() => {
    const ctx = { origin: window.location.origin, theme, language } as const;
    // `active` is always a configured preset; the offline style is the fallback the types ask for.
    return basemapStyle(active, config, ctx) ?? basemapStyle('offline', config, ctx) ?? '';
  }, [active, config, theme, language]);
}

/**
 * What the map starts with: only the sea colour of the theme. `Basemap` swaps the real basemap in
 * under the app's layers, so the first basemap is applied the same way as every later one.
 */
export function startStyle(theme: 'dark' | 'light'): StyleSpecification {
  return tagBasemap({
    version: 8,
    sources: {},
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': OFFLINE_PALETTES[theme].sea } },
    ],
  });
}

/**
 * {@link startStyle} for the theme at mount, the same object on every render (a map's `mapStyle`).
 */
export function useStartStyle(): StyleSpecification {
  const { theme } = useAppState();
  const [style] = useState(() => startStyle(theme));
  return style;
}
