import { useEffect, useRef, useState } from 'react';
import { Icon } from '@blueprintjs/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import type {
  GasChannel,
  GasPoint,
  GasSourceEstimate,
  GasThreshold,
} from '../../../protocol/gas.ts';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { useToDisplay } from '../../map/displayCoords.ts';
import { boundsOf } from './gasGeoJson.ts';
import { GasLayers } from './GasLayers.tsx';
import { RAMP } from './gasLevels.ts';
import './gasViews.css';

const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 11 };
const FIT_MAX_ZOOM = 16;
const FIT_PADDING_PX = 40;

interface Props {
  /** Points up to the replay time. */
  points: readonly GasPoint[];
  /** Every point of the range: the camera frames these once per load. */
  all: readonly GasPoint[];
  gas: GasChannel;
  threshold: GasThreshold;
  source: GasSourceEstimate | null;
  wind: { speed: number; from: number } | null;
}

/** The map with the smell layers, a wind arrow and the colour legend. */
export function GasMap({ points, all, gas, threshold, source, wind }: Props) {
  const { t } = useTranslation('gas');
  const toDisplay = useToDisplay();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const framed = useRef<{ map: MapLibreMap; all: readonly GasPoint[] } | null>(null);
  useEffect(() => {
    if (map === null || all.length === 0) return;
    if (framed.current?.map === map && framed.current.all === all) return;
    framed.current = { map, all };
    const b = boundsOf(all, source, toDisplay);
    if (b)
      map.fitBounds(
        [
          [b[0], b[1]],
          [b[2], b[3]],
        ],
        { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration: 0 },
      );
  }, [map, all, source, toDisplay]);
  return (
    <div className="linxiu-map" data-testid="gas-map" data-report="keep-height">
      <ConsoleMap initialViewState={INITIAL_VIEW} onLoaded={setMap}>
        <GasLayers points={points} gas={gas} threshold={threshold} source={source} />
      </ConsoleMap>
      <div className="linxiu-wind" data-testid="gas-wind">
        {wind ? (
          <>
            {/* The arrow points where the air goes: from + 180°. */}
            <Icon
              icon="arrow-up"
              size={22}
              style={{ transform: `rotate(${String(wind.from + 180)}deg)` }}
            />
            <span>
              {t('map.wind', { speed: wind.speed.toFixed(1), from: Math.round(wind.from) })}
            </span>
          </>
        ) : (
          <span>{t('map.noWind')}</span>
        )}
      </div>
      <div className="linxiu-legend">
        <span>{t('map.legendLow')}</span>
        <span
          className="linxiu-ramp"
          style={{ background: `linear-gradient(to right, ${RAMP.join(', ')})` }}
        />
        <span>{t('map.legendHigh')}</span>
        {source && (
          <span className="linxiu-legend-source">
            <span className="linxiu-dot" /> {t('map.source')}
          </span>
        )}
      </div>
    </div>
  );
}
