/**
 * The replay's window (a preset or from/to to the minute), its devices, and its actions: reload,
 * copy a link to this moment, export the tracks, export the PDF report.
 */
import { Button, Checkbox, HTMLSelect, Intent, Menu, PopoverNext } from '@blueprintjs/core';
import { DateRangeInput, TimePrecision } from '@blueprintjs/datetime';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLAY_LIMITS } from '../../../protocol/replay.ts';
import { useDateLocale } from '../../lib/dateLocale.ts';
import type { Preset, ReplayView } from './replayView.ts';
import { PRESETS, windowValid } from './replayView.ts';

const FORMAT = 'YYYY-MM-DD HH:mm';

export interface DeviceChoice {
  sn: string;
  name: string;
  domain: number;
}

interface Props {
  view: ReplayView;
  devices: readonly DeviceChoice[];
  onPreset: (preset: Preset) => void;
  onRange: (from: number, to: number) => void;
  onDevices: (devices: string[]) => void;
  onRefresh: () => void;
  onLink: () => void;
  onExport: (format: 'csv' | 'geojson') => void;
  canExport: boolean;
  report: ReportActions;
}

/** The PDF report's export; disabled while there is no window or no map to copy. */
export interface ReportActions {
  onPdf: () => void;
  ready: boolean;
  busy: boolean;
}

function DevicePicker({ view, devices, onDevices }: Pick<Props, 'view' | 'devices' | 'onDevices'>) {
  const { t } = useTranslation('replay');
  const picked = new Set(view.devices);
  const toggle = (sn: string) =>
    onDevices(picked.has(sn) ? view.devices.filter((d) => d !== sn) : [...view.devices, sn]);
  const label =
    view.devices.length === 0
      ? t('toolbar.allDevices')
      : view.devices.length === 1
        ? (devices.find((d) => d.sn === view.devices[0])?.name ?? view.devices[0])
        : t('toolbar.someDevices', { count: view.devices.length });
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu className="replay-device-menu" data-testid="replay-device-menu">
          {devices.length === 0 && <li className="replay-muted">{t('toolbar.noDevices')}</li>}
          {view.devices.length > 0 && (
            <li>
              <Button variant="minimal" icon="reset" onClick={() => onDevices([])}>
                {t('toolbar.clearDevices')}
              </Button>
            </li>
          )}
          {devices.map((d) => (
            <li key={d.sn}>
              <Checkbox
                checked={picked.has(d.sn)}
                label={`${d.name || d.sn} (${d.sn})`}
                onChange={() => toggle(d.sn)}
              />
            </li>
          ))}
        </Menu>
      }
    >
      <Button icon="airplane" endIcon="caret-down" text={label} data-testid="replay-devices" />
    </PopoverNext>
  );
}

export function ReplayToolbar(p: Props) {
  const { t } = useTranslation('replay');
  const locale = useDateLocale();
  const { view } = p;
  // What the user is typing: the view changes only once it is a window the server answers.
  const [draft, setDraft] = useState<[Date | null, Date | null] | null>(null);
  const shown: [Date | null, Date | null] = draft ?? [new Date(view.from), new Date(view.to)];
  const [start, end] = shown;
  const bad = start !== null && end !== null && !windowValid(start.getTime(), end.getTime());
  return (
    <div className="replay-toolbar">
      <HTMLSelect
        aria-label={t('toolbar.window')}
        value={view.preset}
        onChange={(e) => p.onPreset(e.target.value as Preset)}
        data-testid="replay-preset"
      >
        {PRESETS.map((k) => (
          <option key={k} value={k}>
            {t(`presets.${k}`)}
          </option>
        ))}
      </HTMLSelect>
      {view.preset === 'custom' && (
        <DateRangeInput
          locale={locale}
          value={shown}
          timePrecision={TimePrecision.MINUTE}
          formatDate={(d) => dayjs(d).format(FORMAT)}
          parseDate={(text) => (dayjs(text).isValid() ? dayjs(text).toDate() : null)}
          startInputProps={{
            'aria-label': t('toolbar.from'),
            intent: bad ? Intent.DANGER : Intent.NONE,
          }}
          endInputProps={{
            'aria-label': t('toolbar.to'),
            intent: bad ? Intent.DANGER : Intent.NONE,
          }}
          allowSingleDayRange
          shortcuts={false}
          onChange={([a, b]) => {
            if (a !== null && b !== null && windowValid(a.getTime(), b.getTime())) {
              setDraft(null);
              p.onRange(a.getTime(), b.getTime());
            } else setDraft([a, b]);
          }}
        />
      )}
      {bad && (
        <span className="replay-error">
          {start.getTime() >= end.getTime()
            ? t('toolbar.rangeOrder')
            : t('toolbar.rangeTooLong', { days: REPLAY_LIMITS.maxDays })}
        </span>
      )}
      <DevicePicker view={view} devices={p.devices} onDevices={p.onDevices} />
      <span className="replay-spacer" />
      <Button
        icon="refresh"
        text={t('toolbar.refresh')}
        onClick={p.onRefresh}
        data-testid="replay-refresh"
      />
      <Button icon="link" text={t('toolbar.link')} onClick={p.onLink} data-testid="replay-link" />
      <Button
        icon="th-derived"
        text={t('toolbar.csv')}
        disabled={!p.canExport}
        onClick={() => p.onExport('csv')}
        data-testid="replay-csv"
      />
      <Button
        icon="map"
        text={t('toolbar.geojson')}
        disabled={!p.canExport}
        onClick={() => p.onExport('geojson')}
        data-testid="replay-geojson"
      />
      <ReportButtons {...p.report} />
    </div>
  );
}

function ReportButtons(r: ReportActions) {
  const { t } = useTranslation('replay');
  return (
    <Button
      icon="document"
      text={t('toolbar.pdf')}
      title={t('toolbar.pdfTitle')}
      disabled={!r.ready}
      loading={r.busy}
      onClick={r.onPdf}
      data-testid="replay-pdf"
    />
  );
}
