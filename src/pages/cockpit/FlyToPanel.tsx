/** Fly-to controls under the mini-map: go to the clicked point, move the target, or stop. */
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLon } from './CockpitMarkers.tsx';
import { useCommand } from './useCommand.ts';

interface Props {
  dockSn: string;
  target: LatLon | null;
  /** The aircraft's ellipsoid height: a fly-to keeps it (protocol: 2–10000 m). */
  height: number | null;
  onClear: () => void;
}

/** m/s: brisk but well under the 15 m/s ceiling of `fly_to_point`. */
const FLY_TO_SPEED = 10;

export function FlyToPanel({ dockSn, target, height, onClear }: Props) {
  const { t } = useTranslation('cockpit');
  const { busy, run } = useCommand();
  const [active, setActive] = useState(false);
  const go = (): void => {
    if (target === null) return;
    const points: [{ latitude: number; longitude: number; height: number }] = [
      {
        latitude: target.lat,
        longitude: target.lon,
        height: Math.max(2, Math.min(10_000, height ?? 100)),
      },
    ];
    const input = active
      ? {
          dock_sn: dockSn,
          method: 'fly_to_point_update' as const,
          data: { max_speed: FLY_TO_SPEED, points },
        }
      : {
          dock_sn: dockSn,
          method: 'fly_to_point' as const,
          data: { max_speed: FLY_TO_SPEED, points },
        };
    void run(input, t(active ? 'act.flyToUpdate' : 'act.flyToHere')).then(
      (ok) => ok && setActive(true),
    );
  };
  return (
    <div className="dc-flyto" data-testid="flyto">
      <span className="dc-flyto-hint">{t('act.flyTo')}</span>
      <ButtonGroup>
        <Button
          icon="send-to-map"
          intent="primary"
          disabled={target === null}
          loading={busy === 'fly_to_point' || busy === 'fly_to_point_update'}
          text={t(active ? 'act.flyToUpdate' : 'act.flyToHere')}
          onClick={go}
        />
        <Button
          icon="stop"
          disabled={!active}
          text={t('act.flyToStop')}
          onClick={() =>
            void run(
              { dock_sn: dockSn, method: 'fly_to_point_stop', data: {} },
              t('act.flyToStop'),
            ).then(() => {
              setActive(false);
              onClear();
            })
          }
        />
      </ButtonGroup>
    </div>
  );
}
