/** One row of the device list. It reads only its own device, so one update re-renders one row. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceInfo, useDeviceState, useDeviceTelemetry } from '../../fleet/fleet.ts';
import { dataAgeMs, QUIET_AFTER_MS } from '../../fleet/derive/deviceStatus.ts';
import { aircraftOsd, dockOsd } from '../../fleet/derive/fields.ts';
import { useAge } from './useFormat.ts';

interface Props {
  sn: string;
  selected: boolean;
  now: number;
  onSelect: (sn: string) => void;
}

/** Name, kind, status dot, battery and — once the device goes quiet — the age of its data. */
export const DeviceRow = memo(function DeviceRow({ sn, selected, now, onSelect }: Props) {
  const { t } = useTranslation('dashboard');
  const age = useAge();
  const live = useDeviceTelemetry(sn);
  const info = useDeviceInfo(sn);
  const { kind, status } = useDeviceState(sn);
  // A dock has no battery of its own: its row shows its aircraft's charge, labelled as such.
  const battery =
    kind === 'dock'
      ? dockOsd(live).num('drone_charge_state.capacity_percent')
      : aircraftOsd(live).num('battery.capacity_percent');
  const quiet = live !== null && dataAgeMs(live, now) > QUIET_AFTER_MS;
  return (
    <button
      type="button"
      className={`wb-row${selected ? ' wb-row-selected' : ''}`}
      data-testid="device-row"
      // A row is content, not a control: the report keeps it (src/lib/report/reportMode.ts).
      data-report="keep"
      data-sn={sn}
      data-status={status}
      onClick={() => onSelect(sn)}
    >
      <span className={`wb-dot wb-status-${status}`} title={t(`status.${status}`)} />
      <span className="wb-row-main">
        <span className="wb-row-name">{info?.name ?? sn}</span>
        <span className="wb-row-sub">
          {t(`kind.${kind}`)} · {sn}
        </span>
      </span>
      <span className="wb-row-side">
        {battery !== null && (
          <span
            className="wb-row-battery"
            title={kind === 'dock' ? t('dock.charging') : t('panel.battery')}
          >
            {kind === 'dock' && '⚡'}
            {Math.round(battery)}%
          </span>
        )}
        {quiet && (
          <span className="wb-row-age">{t('age', { age: age(dataAgeMs(live, now)) })}</span>
        )}
      </span>
    </button>
  );
});
