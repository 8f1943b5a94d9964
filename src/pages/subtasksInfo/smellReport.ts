/**
 * The smell section of a flight's PDF report, as the page's section shows it: the summary line, the
 * concentration map, the peaks of the headline gas, the source estimate with its method, and a
 * concentration chart per gas. Numbers are worded as on the page (formatValue, fixed decimals).
 */
import type { GasChannel, GasPoint } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT, GAS_CHANNELS } from '../../../protocol/gas.ts';
import { formatValue, thresholdOf } from '../../components/GasViews/gasLevels.ts';
import { i18n } from '../../i18n/index.ts';
import type { ChartSeries } from '../../lib/report/lineChart.ts';
import type { Picture } from '../../lib/report/reportDoc.ts';
import type { Block, ChartBlock } from '../../lib/report/reportBlocks.ts';
import { formatTime, toDayjs } from '../../lib/time.ts';
import type { FlightGas } from './useFlightGas.ts';

/** As many peaks as the page's peaks table lists. */
const PEAKS = 10;
const DEVICE_COLOURS = ['#2d72d2', '#d9822b', '#7961db', '#29a634', '#cd4246', '#00a396'];
const CAUTION = '#d9822b';
const WARNING = '#cd4246';

/** The highest readings of `gas`, highest first, as the page's peaks table picks them. */
function peaksOf(points: readonly GasPoint[], gas: GasChannel): GasPoint[] {
  return points
    .filter((p) => p[gas] !== null)
    .sort((a, b) => (b[gas] ?? 0) - (a[gas] ?? 0))
    .slice(0, PEAKS);
}

/** One series per device: its readings of `gas` in time order. */
function seriesOf(points: readonly GasPoint[], gas: GasChannel): ChartSeries[] {
  const byDevice = new Map<string, [number, number][]>();
  for (const p of points) {
    const v = p[gas];
    if (v === null) continue;
    const list = byDevice.get(p.device_sn) ?? [];
    list.push([p.ts, v]);
    byDevice.set(p.device_sn, list);
  }
  return [...byDevice.values()].map((list, i) => ({
    color: DEVICE_COLOURS[i % DEVICE_COLOURS.length] ?? '#2d72d2',
    points: list.sort((a, b) => a[0] - b[0]),
  }));
}

/** The charts: the headline gas wide with both limits, every other channel with readings small. */
function chartsOf(data: FlightGas): ChartBlock[] {
  const t = i18n.getFixedT(null, 'gas');
  const { thresholds, gas } = data;
  const points = data.answer.points;
  const span = (points.at(-1)?.ts ?? 0) - (points[0]?.ts ?? 0);
  const format = span > 86_400_000 ? 'MM-DD HH:mm' : span > 3_600_000 ? 'HH:mm' : 'HH:mm:ss';
  const channels = [gas, ...GAS_CHANNELS.filter((g) => g !== gas)];
  return channels.flatMap((channel): ChartBlock[] => {
    const series = seriesOf(points, channel);
    if (series.length === 0) return [];
    const wide = channel === gas;
    const th = thresholdOf(thresholds, channel);
    return [
      {
        title: `${t(`gases.${channel}`)} ${CHANNEL_UNIT[channel]}`,
        wide,
        chart: {
          series,
          limits: [
            {
              value: th.caution,
              color: CAUTION,
              label: wide ? t('charts.caution') : '',
              extend: true,
            },
            {
              value: th.warning,
              color: WARNING,
              label: wide ? t('charts.warning') : '',
              extend: wide,
            },
          ],
          formatTime: (ms) => toDayjs(ms).format(format),
          // Ticks are round numbers: at most four significant digits, no trailing zeros.
          formatTick: (v) => String(Number(v.toPrecision(4))),
        },
      },
    ];
  });
}

/** The source estimate in words, and the method that made it. */
function sourceBlocks(data: FlightGas): Block[] {
  const t = i18n.getFixedT(null, 'gas');
  const { source } = data;
  const lines =
    source === null
      ? [t('source.none')]
      : [
          t('source.position', { lat: source.lat.toFixed(5), lon: source.lng.toFixed(5) }),
          t('source.uncertainty', { m: source.uncertainty_m }),
          t('source.rate', {
            rate: formatValue(source.rate),
            unit: source.gas === 'odour' ? 'OU/s' : 'g/s',
          }),
          t('source.used', { n: source.used, wind: source.wind_speed }),
        ];
  return [
    { kind: 'subheading', text: t('source.title') },
    ...lines.map((text): Block => ({ kind: 'text', text })),
    { kind: 'text', text: t('source.method'), muted: true },
  ];
}

/** The smell section's blocks, for a flight with gas readings. */
export function smellBlocks(data: FlightGas, map: Picture | null): Block[] {
  const page = i18n.getFixedT(null, 'subtasksInfo');
  const t = i18n.getFixedT(null, 'gas');
  const { gas } = data;
  const points = data.answer.points;
  const summary = page('smell.summary', {
    n: data.answer.total,
    from: formatTime(points[0]?.ts ?? 0),
    to: formatTime(points.at(-1)?.ts ?? 0),
    gas: t(`gases.${gas}`),
  });
  const peaks = peaksOf(points, gas);
  return [
    { kind: 'heading', text: page('smell.title') },
    { kind: 'text', text: summary },
    { kind: 'picture', picture: map, maxHeight: 280, missing: i18n.t('report:flight.noMap') },
    { kind: 'subheading', text: `${t('peaks.title')} · ${t(`gases.${gas}`)}` },
    peaks.length === 0
      ? { kind: 'text', text: t('peaks.none'), muted: true }
      : {
          kind: 'table',
          table: {
            columns: [
              { title: t('peaks.time'), share: 26 },
              { title: t('peaks.device'), share: 24 },
              { title: `${t('peaks.value')} (${CHANNEL_UNIT[gas]})`, share: 18, align: 'right' },
              { title: t('peaks.position'), share: 32 },
            ],
            rows: peaks.map((p) => [
              formatTime(p.ts),
              p.device_sn,
              formatValue(p[gas]),
              p.lat === null || p.lng === null ? '–' : `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`,
            ]),
          },
        },
    ...sourceBlocks(data),
    { kind: 'subheading', text: t('charts.title') },
    { kind: 'charts', charts: chartsOf(data) },
  ];
}
