/** A dock's own fields as the dock panel shows them, each enum through its own table. */
import { useTranslation } from 'react-i18next';
import {
  airConditionerState,
  chargeState,
  coverState,
  droneInDock,
  flighttaskStep,
  networkType,
  rainfall,
} from '../../../protocol/mqtt/enums.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { dockOsd } from '../../fleet/derive/fields.ts';
import { useReading } from './useFormat.ts';

export interface DockReadings {
  step: string;
  cover: string;
  droneInDock: string;
  charging: string;
  network: string;
  temperature: string;
  humidity: string;
  rainfall: string;
  wind: string;
  storage: string;
  airConditioner: string;
  voltage: string;
  emergencyStop: string;
}

const KB_PER_GB = 1024 * 1024;

/** Readable values of a dock, "—" for anything it did not send. */
export function useDockReadings(live: DeviceTelemetry | null): DockReadings {
  const { t } = useTranslation('dashboard');
  const reading = useReading();
  const osd = dockOsd(live);
  const dash = t('panel.noValue');
  const has = (value: number | null): value is number => value !== null;
  const stepCode = osd.num('flighttask_step_code');
  const charge = osd.num('drone_charge_state.state');
  const percent = osd.num('drone_charge_state.capacity_percent');
  const netType = osd.num('network_state.type');
  const used = osd.num('storage.used');
  const total = osd.num('storage.total');
  const ac = osd.num('air_conditioner.air_conditioner_state');
  const stop = osd.num('emergency_stop_state');
  return {
    step: has(stepCode) ? t(`step.${flighttaskStep(stepCode)}`, { code: stepCode }) : dash,
    cover: has(osd.num('cover_state')) ? t(`cover.${coverState(osd.num('cover_state'))}`) : dash,
    droneInDock: has(osd.num('drone_in_dock'))
      ? t(`inDock.${droneInDock(osd.num('drone_in_dock'))}`)
      : dash,
    charging: has(charge)
      ? t('dock.chargePercent', {
          state: t(`charge.${chargeState(charge)}`),
          percent: percent === null ? dash : Math.round(percent),
        })
      : dash,
    network: has(netType)
      ? t('dock.networkValue', {
          type: t(`netType.${networkType(netType)}`),
          quality: osd.num('network_state.quality') ?? dash,
          rate: reading(osd.num('network_state.rate'), 0, ''),
        })
      : dash,
    temperature: `${reading(osd.num('environment_temperature'), 1, ' °C')} / ${reading(osd.num('temperature'), 1, ' °C')}`,
    humidity: reading(osd.num('humidity'), 0, ' %RH'),
    rainfall: has(osd.num('rainfall')) ? t(`rain.${rainfall(osd.num('rainfall'))}`) : dash,
    wind: reading(osd.num('wind_speed'), 1, ' m/s'),
    storage:
      has(used) && has(total)
        ? t('dock.storageValue', {
            used: (used / KB_PER_GB).toFixed(1),
            total: (total / KB_PER_GB).toFixed(1),
          })
        : dash,
    airConditioner: has(ac) ? t(`aircon.${airConditionerState(ac)}`) : dash,
    voltage: reading(osd.num('electric_supply_voltage'), 0, ' V'),
    emergencyStop: has(stop) ? t(stop === 1 ? 'dock.on' : 'dock.off') : dash,
  };
}
