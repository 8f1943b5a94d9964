/** The side panel of the selected drone: live readings, follow mode, active alarms and charts. */
import { Button, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDeviceAlarms, useDeviceInfo, useDeviceTelemetry } from '../../state/fleet.ts';
import { dataAgeMs, QUIET_AFTER_MS } from '../../telemetry/deviceStatus.ts';
import { numberAt } from '../../telemetry/fields.ts';
import { kindOf } from '../../telemetry/fleetCounts.ts';
import { DroneCharts } from './DroneCharts.tsx';
import { rowStatus } from './rowStatus.ts';
import { useAge, useReading } from './useFormat.ts';
import { useModeName } from './useModeName.ts';
import { useNow } from './useNow.ts';

interface Props {
  sn: string;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  onClose: () => void;
}

/** One label/value line; `testId` lets tests read a value as a user reads it. */
function Readout({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="wb-readout">
      <span className="wb-readout-label">{label}</span>
      <span className="wb-readout-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Live values of one drone; re-renders with that drone's updates only. */
export function DronePanel({ sn, follow, onFollow, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const reading = useReading();
  const age = useAge();
  const now = useNow(1_000);
  const live = useDeviceTelemetry(sn);
  const info = useDeviceInfo(sn);
  const alarms = useDeviceAlarms(sn);
  const mode = useModeName(live);
  const osd = live?.osd ?? {};
  const n = (path: string): number | null => numberAt(osd, path);
  const status = rowStatus(kindOf(info, live), live, alarms, now);
  const ageMs = live === null ? null : dataAgeMs(live, now);
  const attitude = [n('attitude_pitch'), n('attitude_roll'), n('attitude_head')]
    .map((v) => reading(v, 1, '°'))
    .join(' / ');
  const position =
    n('latitude') === null
      ? t('panel.noValue')
      : `${n('latitude')?.toFixed(6)}, ${n('longitude')?.toFixed(6)}`;
  return (
    <aside className="wb-panel" data-testid="drone-panel" data-sn={sn}>
      <header className="wb-panel-head">
        <span className={`wb-dot wb-status-${status}`} />
        <span className="wb-panel-title">{info?.name ?? sn}</span>
        <Button
          icon="cross"
          variant="minimal"
          size="small"
          aria-label={t('panel.close')}
          onClick={onClose}
        />
      </header>
      <div className="wb-panel-sub">
        {sn} · {t(`status.${status}`)}
        {ageMs !== null && ageMs > QUIET_AFTER_MS && (
          <span className="wb-row-age"> · {t('age', { age: age(ageMs) })}</span>
        )}
      </div>
      <Switch
        checked={follow}
        label={t('panel.follow')}
        onChange={(e) => onFollow(e.currentTarget.checked)}
      />
      <Readout
        label={t('panel.battery')}
        value={reading(n('battery.capacity_percent'), 0, ' %')}
        testId="value-battery"
      />
      <Readout
        label={t('panel.altitude')}
        value={reading(n('elevation'), 1, ' m')}
        testId="value-altitude"
      />
      <Readout
        label={t('panel.height')}
        value={reading(n('height'), 1, ' m')}
        testId="value-height"
      />
      <Readout
        label={t('panel.horizontalSpeed')}
        value={reading(n('horizontal_speed'), 1, ' m/s')}
        testId="value-hspeed"
      />
      <Readout
        label={t('panel.verticalSpeed')}
        value={reading(n('vertical_speed'), 1, ' m/s')}
        testId="value-vspeed"
      />
      <Readout label={t('panel.attitude')} value={attitude} testId="value-attitude" />
      <Readout
        label={t('panel.satellites')}
        value={`${reading(n('position_state.gps_number'), 0, '')} / ${reading(n('position_state.rtk_number'), 0, '')}`}
        testId="value-satellites"
      />
      <Readout label={t('panel.mode')} value={mode} testId="value-mode" />
      <Readout
        label={t('panel.homeDistance')}
        value={reading(n('home_distance'), 0, ' m')}
        testId="value-home"
      />
      <Readout label={t('panel.position')} value={position} testId="value-position" />
      {alarms.length > 0 && (
        <div className="wb-panel-alarms">
          {t('panel.activeAlarms')}: {alarms.map((a) => a.code).join(', ')}
        </div>
      )}
      <DroneCharts sn={sn} now={now} />
    </aside>
  );
}
