import { Button, Checkbox, HTMLSelect, Menu, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GasChannel, GasDevice, GasFlight } from '../../../protocol/gas.ts';
import { GAS_CHANNELS } from '../../../protocol/gas.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { formatTime } from '../../lib/time.ts';
import { CustomRange } from './CustomRange.tsx';
import type { RangeKey, Selection } from './useGasData.ts';
import { RANGES } from './useGasData.ts';

interface Props {
  devices: readonly GasDevice[];
  flights: readonly GasFlight[];
  selection: Selection;
  onChange: (next: Selection) => void;
  onRefresh: () => void;
  onCsv: () => void;
  onPdf: () => void;
  onThresholds: () => void;
  exporting: boolean;
}

/** Devices, flight or time range, the gas shown, and the page's actions. */
export function GasToolbar(p: Props) {
  const { t } = useTranslation('gas');
  const { selection: s, onChange } = p;
  const toggle = (sn: string) =>
    onChange({
      ...s,
      devices: s.devices.includes(sn) ? s.devices.filter((d) => d !== sn) : [...s.devices, sn],
    });
  const deviceLabel =
    s.devices.length === 0
      ? t('toolbar.allDevices')
      : s.devices.length === 1
        ? (p.devices.find((d) => d.device_sn === s.devices[0])?.name ?? s.devices[0])
        : `${t('toolbar.devices')} × ${String(s.devices.length)}`;
  return (
    <div className="linxiu-toolbar" data-report="hide">
      <PopoverNext
        placement="bottom-start"
        content={
          <Menu className="linxiu-device-menu" data-testid="gas-device-menu">
            {p.devices.length === 0 && <li className="linxiu-muted">{t('toolbar.noDevices')}</li>}
            {p.devices.map((d) => (
              <li key={d.device_sn}>
                <Checkbox
                  checked={s.devices.includes(d.device_sn)}
                  label={`${d.name || d.device_sn} (${d.device_sn})`}
                  onChange={() => toggle(d.device_sn)}
                />
              </li>
            ))}
          </Menu>
        }
      >
        <Button icon="airplane" endIcon="caret-down" text={deviceLabel} data-testid="gas-devices" />
      </PopoverNext>
      <HTMLSelect
        aria-label={t('toolbar.flight')}
        value={s.flight ?? ''}
        onChange={(e) =>
          onChange({ ...s, flight: e.target.value === '' ? null : Number(e.target.value) })
        }
        data-testid="gas-flight"
      >
        <option value="">{t('toolbar.anyFlight')}</option>
        {p.flights.map((f) => (
          <option key={f.execution_id} value={f.execution_id}>
            {`${f.task_name} · ${formatTime(f.planned_at)}`}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('toolbar.range')}
        value={s.range}
        disabled={s.flight !== null}
        onChange={(e) => onChange({ ...s, range: e.target.value as RangeKey | 'custom' })}
        data-testid="gas-range"
      >
        {([...Object.keys(RANGES), 'custom'] as (RangeKey | 'custom')[]).map((k) => (
          <option key={k} value={k}>
            {t(`ranges.${k}`)}
          </option>
        ))}
      </HTMLSelect>
      {s.range === 'custom' && s.flight === null && (
        <CustomRange selection={s} onChange={onChange} />
      )}
      <HTMLSelect
        aria-label={t('toolbar.gas')}
        value={s.gas}
        onChange={(e) => onChange({ ...s, gas: e.target.value as GasChannel })}
        data-testid="gas-channel"
      >
        {GAS_CHANNELS.map((g) => (
          <option key={g} value={g}>
            {t(`gases.${g}`)}
          </option>
        ))}
      </HTMLSelect>
      <span className="linxiu-spacer" />
      <Button icon="refresh" text={t('toolbar.refresh')} onClick={p.onRefresh} />
      <Permission code="gas:edit">
        <Button
          icon="settings"
          text={t('toolbar.thresholds')}
          onClick={p.onThresholds}
          data-testid="gas-thresholds-open"
        />
      </Permission>
      <Button icon="th-derived" text={t('toolbar.csv')} onClick={p.onCsv} data-testid="gas-csv" />
      <Button
        icon="document"
        intent="primary"
        text={t('toolbar.pdf')}
        loading={p.exporting}
        onClick={p.onPdf}
        data-testid="gas-pdf"
      />
    </div>
  );
}
