/**
 * The map's legend: what each aircraft colour, the cluster bubbles, the dock icon, the dashed links
 * and the trail mean. Folded into a button by default on narrow screens, where the map is small.
 */
import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DOCK_COLOURS } from '../../../map/icons/dockStatus.ts';
import { DRONE_STATUSES, STATUS_COLOURS } from '../../../fleet/derive/droneStatus.ts';
import './legend.css';

/** Narrower than this (px) the legend starts folded. */
const FOLDED_BELOW_PX = 760;

/** A drone arrow in a state's colour (a CSS triangle: only its bottom border is coloured). */
function Arrow({ colour }: { colour: string }) {
  return (
    <span className="wb-legend-swatch wb-legend-arrow" style={{ borderBottomColor: colour }} />
  );
}

/** The legend box in the map's corner. */
export function MapLegend() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(() => window.innerWidth >= FOLDED_BELOW_PX);
  if (!open)
    return (
      <div className="wb-legend wb-legend-folded">
        <Button
          size="small"
          icon="info-sign"
          text={t('legend.show')}
          onClick={() => setOpen(true)}
        />
      </div>
    );
  return (
    <div className="wb-legend" data-testid="map-legend">
      <div className="wb-legend-head">
        <span>{t('legend.title')}</span>
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label={t('legend.hide')}
          onClick={() => setOpen(false)}
        />
      </div>
      <div className="wb-legend-statuses">
        {DRONE_STATUSES.map((status) => (
          <div key={status} className="wb-legend-row">
            <Arrow colour={STATUS_COLOURS[status]} />
            {t(`status.${status}`)}
          </div>
        ))}
      </div>
      <div className="wb-legend-row">
        <span className="wb-legend-swatch wb-legend-cluster">3</span>
        {t('legend.cluster')}
      </div>
      <div className="wb-legend-row">
        <span
          className="wb-legend-swatch wb-legend-dock"
          style={{ borderColor: DOCK_COLOURS.ground }}
        />
        {t('legend.dock')}
      </div>
      <div className="wb-legend-row">
        <span className="wb-legend-swatch wb-legend-link" />
        {t('legend.link')}
      </div>
      <div className="wb-legend-row">
        <span className="wb-legend-swatch wb-legend-trail" />
        {t('legend.trail')}
      </div>
    </div>
  );
}
