/** The selected device's readings at the cursor: height, speed, battery, state, DRC pilot. */
import { useTranslation } from 'react-i18next';
import { aircraftMode } from '../../../protocol/mqtt/enums.ts';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import type { AircraftAt } from './cursorFacts.ts';

interface Props {
  data: ReplayWindow | null;
  selected: string | null;
  aircraft: readonly AircraftAt[];
}

const fixed = (v: number | null, digits: number, unit: string): string | null =>
  v === null ? null : `${v.toFixed(digits)} ${unit}`;

export function DevicePanel({ data, selected, aircraft }: Props) {
  const { t } = useTranslation('replay');
  const modes = useTranslation('dashboard').t;
  const device = data?.devices.find((d) => d.sn === selected);
  if (device === undefined)
    return (
      <section className="replay-device" data-testid="replay-device">
        <h4>{t('panel.device')}</h4>
        <p className="replay-muted">{t('panel.pick')}</p>
      </section>
    );
  const at = aircraft.find((a) => a.sn === device.sn);
  const s = at?.sample ?? null;
  const modeName = (code: number | null): string | null => {
    if (code === null) return null;
    const name = aircraftMode(code);
    return name === 'unknown' ? modes('mode.unknown', { code }) : modes(`mode.${name}`);
  };
  const rows: [string, string | null][] =
    at === undefined
      ? [[t('panel.mode'), t(`timeline.states.${device.latitude === null ? 'offline' : 'online'}`)]]
      : [
          [t('panel.height'), fixed(s?.height ?? null, 1, 'm')],
          [t('panel.speed'), fixed(s?.speed ?? null, 1, 'm/s')],
          [t('panel.battery'), s?.battery == null ? null : `${String(s.battery)} %`],
          [t('panel.mode'), modeName(s?.mode ?? null) ?? t(`timeline.states.${at.state}`)],
          [t('panel.position'), s === null ? null : `${s.lat.toFixed(6)}, ${s.lng.toFixed(6)}`],
          [t('panel.drc'), at.holder === null ? null : t('event.heldBy', { user: at.holder })],
        ];
  return (
    <section className="replay-device" data-testid="replay-device" data-sn={device.sn}>
      <h4>
        {device.name || device.sn} <small>{device.sn}</small>
      </h4>
      {at !== undefined && s === null && <p className="replay-muted">{t('panel.notInAir')}</p>}
      <dl className="replay-readings">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd data-testid={`replay-reading-${name}`}>{value ?? t('panel.none')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
