/**
 * The replay window as a PDF report section, written with the console's report library
 * (src/lib/report): the window's facts, the map at each chosen moment (copied from the page's map
 * when the moment was added), each device's flight time, distance, greatest height and alarms, and
 * the window's events. Words are the page's own (namespace `replay`), in the current language.
 */
import type { ReplayEvent, ReplayWindow } from '../../../protocol/replay.ts';
import { REPLAY_LIMITS } from '../../../protocol/replay.ts';
import { i18n } from '../../i18n/index.ts';
import { currentReportMeta } from '../../lib/report/currentMeta.ts';
import {
  factsTable,
  tableSection,
  type Block,
  type ReportModel,
} from '../../lib/report/reportBlocks.ts';
import type { Picture } from '../../lib/report/reportDoc.ts';
import { formatTime } from '../../lib/time.ts';
import { KIND_COLOURS, MAP_LINE_COLOURS } from './colours.ts';
import { aircraftAt, alarmsNear } from './cursorFacts.ts';
import { deviceSummaries, type DeviceSummary } from './deviceSummary.ts';
import type { EventWords } from './eventWords.ts';

/** Events listed at most: a window may hold thousands, a report is read by people. */
export const REPORT_MAX_EVENTS = 500;

/** A moment of the report: the cursor (epoch ms) and the map as it was drawn then. */
export interface ReportMoment {
  t: number;
  picture: Picture | null;
}

export interface ReplayReportInput {
  data: ReplayWindow;
  /** Oldest first. */
  moments: readonly ReportMoment[];
  /** The map's credit line (its data licences ask for it). */
  credit: string;
  /** The address that reopens this view. */
  link: string;
  /** Whether the window was narrowed to some devices (else it shows the whole project). */
  narrowed: boolean;
  describe: (e: ReplayEvent) => EventWords;
}

const t = (key: string, options?: Record<string, unknown>): string =>
  i18n.t(`replay:report.${key}` as 'replay:report.title', options ?? {});

/** A duration as hours and minutes, or minutes and seconds. */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 3600
    ? t('hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) })
    : t('minutes', { m: Math.floor(s / 60), s: s % 60 });
}

/** A distance in metres, or in kilometres from one on. */
export function distanceText(m: number): string {
  return m >= 1000
    ? t('kilometres', { value: (m / 1000).toFixed(2) })
    : t('metres', { value: Math.round(m) });
}

const keyValue = (rows: [string, string][]): Block => factsTable(rows, 24);

function windowBlocks(input: ReplayReportInput): Block[] {
  const { data } = input;
  const page = i18n.getFixedT(null, 'replay');
  const detail =
    data.bucket_ms > 0
      ? page('status.bucket', { seconds: data.bucket_ms / 1000 })
      : page('status.raw');
  return [
    { kind: 'heading', text: t('window') },
    keyValue([
      [t('from'), formatTime(data.from)],
      [t('to'), formatTime(data.to)],
      [
        t('devices'),
        input.narrowed
          ? data.devices.map((d) => d.name || d.sn).join(', ')
          : t('allDevices', { count: data.devices.length }),
      ],
      [t('detail'), detail],
      [t('eventCount'), String(data.events.length)],
      [t('link'), input.link],
    ]),
  ];
}

/** What the map showed at `at`, in a line under its picture. */
function momentFacts(data: ReplayWindow, at: number): string {
  const states = aircraftAt(data, at).map((a) => a.state);
  const count = (state: string) => states.filter((s) => s === state).length;
  const span = Math.max(60_000, (data.to - data.from) / 100);
  return t('momentFacts', {
    flying: count('flying'),
    docked: count('docked'),
    offline: states.length - count('flying') - count('docked'),
    alarms: alarmsNear(data, at, span).length,
  });
}

function momentBlocks(input: ReplayReportInput): Block[] {
  const credit = input.credit === '' ? '' : ` · ${t('mapCredit', { credit: input.credit })}`;
  return [
    { kind: 'heading', text: t('moments') },
    ...input.moments.flatMap((m): Block[] => [
      { kind: 'subheading', text: t('moment', { time: formatTime(m.t) }) },
      {
        kind: 'picture',
        picture: m.picture,
        maxHeight: 300,
        missing: t('noMap'),
        legend: [
          { label: t('legendTrack'), color: MAP_LINE_COLOURS.track, shape: 'line' },
          { label: t('legendTrail'), color: MAP_LINE_COLOURS.trail, shape: 'line' },
          ...(['hms', 'ai_alarm', 'gas'] as const).map((kind) => ({
            label: i18n.t(`replay:kinds.${kind}`),
            color: KIND_COLOURS[kind],
            shape: 'dot' as const,
          })),
        ],
        caption: `${momentFacts(input.data, m.t)}${credit}`,
      },
    ]),
  ];
}

function summaryRow(s: DeviceSummary): string[] {
  const none = t('none');
  return [
    s.name === s.sn ? s.sn : `${s.name} (${s.sn})`,
    t(`kinds.${String(s.domain)}`, { defaultValue: String(s.domain) }),
    s.flightMs === null ? none : durationText(s.flightMs),
    s.distanceM === null ? none : distanceText(s.distanceM),
    s.maxHeight === null ? none : t('metres', { value: s.maxHeight.toFixed(1) }),
    String(s.alarms),
  ];
}

function summaryBlocks(data: ReplayWindow): Block[] {
  return [
    { kind: 'heading', text: t('summary') },
    {
      kind: 'table',
      table: {
        zebra: true,
        columns: [
          { title: t('device'), share: 30 },
          { title: t('kind'), share: 12 },
          { title: t('flightTime'), share: 16, align: 'right' },
          { title: t('distance'), share: 15, align: 'right' },
          { title: t('maxHeight'), share: 15, align: 'right' },
          { title: t('alarms'), share: 12, align: 'right' },
        ],
        rows: deviceSummaries(data).map(summaryRow),
      },
    },
    { kind: 'text', text: t('summaryNote'), muted: true },
  ];
}

function eventBlocks(input: ReplayReportInput): Block[] {
  const { data, describe } = input;
  const names = new Map(data.devices.map((d) => [d.sn, d.name || d.sn]));
  const listed = data.events.slice(0, REPORT_MAX_EVENTS);
  const rows = listed.map((e) => {
    const w = describe(e);
    return [
      formatTime(e.t),
      w.kind,
      names.get(e.sn) ?? e.sn,
      w.detail === '' ? w.what : `${w.what} · ${w.detail}`,
    ];
  });
  const notes: Block[] = [];
  if (listed.length < data.events.length)
    notes.push({
      kind: 'text',
      text: t('eventsListed', { total: data.events.length, shown: listed.length }),
      muted: true,
    });
  if (data.truncated)
    notes.push({
      kind: 'text',
      text: t('truncated', { max: REPLAY_LIMITS.maxEventsPerKind }),
      muted: true,
    });
  const columns = [
    { title: t('time'), share: 22 },
    { title: t('eventKind'), share: 14 },
    { title: t('device'), share: 20 },
    { title: t('what'), share: 44 },
  ];
  return [...tableSection(t('events'), columns, rows, t('noEvents')), ...notes];
}

/** The report of the window, its map pictures already taken. */
export function replayReportModel(input: ReplayReportInput): ReportModel {
  const meta = currentReportMeta();
  const title = t('title');
  const window = `${formatTime(input.data.from)} – ${formatTime(input.data.to)}`;
  return {
    system: meta.system,
    title,
    subtitle: window,
    facts: meta.facts,
    footer: t('footer', { system: meta.system, title, window }),
    pageLabel: (page, pages) => i18n.t('report:page', { page, pages }),
    blocks: [
      ...windowBlocks(input),
      ...momentBlocks(input),
      ...summaryBlocks(input.data),
      ...eventBlocks(input),
    ],
  };
}
