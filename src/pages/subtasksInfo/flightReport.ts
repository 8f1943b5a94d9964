/**
 * One flight's PDF report, `报告.pdf`: a document written from the flight's data, not a picture of
 * the page. Title block; the run's facts as a key/value table; the flight map copied from the
 * page's map canvas; tables of waypoints, alarms and photos; the smell section when the flight has
 * gas readings; page numbers. Words are the page's own (same namespaces, same formatting).
 */
import { runSummary } from '../../components/TaskWords/runVerdictWords.ts';
import type { MediaFile } from '../../../protocol/media.ts';
import type { SubtaskDetail, SubtaskEvent } from '../../../protocol/tasks.ts';
import { fetchFlightMedia } from '../../api/subtasks.ts';
import { FLIGHT_COLOURS } from '../../components/FlightMap/FlightLayers.tsx';
import { describeHmsCode } from '../../components/TaskWords/deviceCodes.ts';
import { isEnded, runOutcome, runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { i18n } from '../../i18n/index.ts';
import { currentReportMeta } from '../../lib/report/currentMeta.ts';
import { REPORT_FILE_NAME } from '../../lib/report/pdfRules.ts';
import { loadPicture, mapCredit, mapPicture } from '../../lib/report/pictures.ts';
import {
  buildReport,
  factsTable,
  tableSection,
  type Block,
  type ReportModel,
} from '../../lib/report/reportBlocks.ts';
import type { Picture } from '../../lib/report/reportDoc.ts';
import type { Cell } from '../../lib/report/reportTable.ts';
import { formatTime } from '../../lib/time.ts';
import { distanceWords, durationWords } from './format.ts';
import { smellBlocks } from './smellReport.ts';
import { loadFlightGas, type FlightGas } from './useFlightGas.ts';

/** Thumbnails in the photo table, in points. */
const THUMB = { width: 64, height: 48 };

/** What the report is written from. */
export interface FlightReportInput {
  detail: SubtaskDetail;
  /** The dock's live state and progress while the flight goes on (as the page shows them). */
  live: { status: string | null; percent: number | null } | null;
  /** The page: its flight map and smell section are copied as they are drawn. */
  page: HTMLElement;
}

const position = (lat: number | undefined | null, lon: number | undefined | null) =>
  lat === undefined || lat === null || lon === undefined || lon === null
    ? '—'
    : `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

/** The run's result in words, with the reason when it did not succeed. */
function resultWords(detail: SubtaskDetail, live: FlightReportInput['live']): string {
  const page = i18n.getFixedT(null, 'subtasksInfo');
  const words = i18n.getFixedT(null, 'taskWords');
  const x = detail.execution;
  // A judged run reads as what it achieved: a dock says `ok` for a flight it sent home halfway.
  if (x.verdict) return runSummary(words, x);
  if (x.state === 'ok') return page('resultOk');
  const state = runStateLabel(words, x.state);
  if (isEnded(x.state)) {
    const reason = runOutcome(words, x);
    return reason === ''
      ? state
      : i18n.t('report:flight.resultWithReason', { result: state, reason });
  }
  const percent = Math.round(live?.percent ?? x.percent);
  const now = runStateLabel(words, live?.status ?? x.state);
  return i18n.t('report:flight.underway', { state: now, percent });
}

function factsBlock(detail: SubtaskDetail, live: FlightReportInput['live']): Block {
  const t = i18n.getFixedT(null, 'subtasksInfo');
  const x = detail.execution;
  const f = detail.figures;
  const none = t('none');
  const rows: [string, string][] = [
    [t('task'), detail.task.name],
    [t('wayline'), detail.wayline?.name ?? none],
    [t('dock'), x.dock_sn],
    [t('aircraft'), detail.aircraft_sn ?? none],
    [t('plannedAt'), formatTime(x.planned_at) || none],
    [t('startedAt'), formatTime(x.started_at) || none],
    [t('endedAt'), formatTime(x.ended_at) || none],
    [t('duration'), durationWords(t, f.duration_s)],
    [t('distance'), distanceWords(t, f.distance_m)],
    [t('waypoints'), t('waypointsOf', { done: f.waypoints_done, total: f.waypoints_total })],
    [t('photos'), String(f.photos)],
    [t('alarms'), String(f.alarms)],
    [t('result'), resultWords(detail, live)],
  ];
  return factsTable(rows, 28);
}

function mapBlocks(map: Picture | null, credit: string): Block[] {
  const t = i18n.getFixedT(null, 'subtasksInfo');
  return [
    { kind: 'heading', text: t('map') },
    {
      kind: 'picture',
      picture: map,
      maxHeight: 330,
      missing: i18n.t('report:flight.noMap'),
      legend: [
        { label: t('legendPlanned'), color: FLIGHT_COLOURS.planned, shape: 'dash' },
        { label: t('legendFlown'), color: FLIGHT_COLOURS.flown, shape: 'line' },
        { label: t('legendHome'), color: FLIGHT_COLOURS.home, shape: 'dot' },
        { label: t('legendPhoto'), color: FLIGHT_COLOURS.photo, shape: 'dot' },
        { label: t('legendAircraft'), color: FLIGHT_COLOURS.aircraft, shape: 'dot' },
      ],
      ...(credit === '' ? {} : { caption: i18n.t('report:flight.mapCredit', { credit }) }),
    },
  ];
}

/**
 * Each planned waypoint with when it was first reached; the reached ones alone without a route.
 * The dock reports progress at intervals, so a waypoint passed between two reports has no time of
 * its own: it was reached (waypoints are flown in order, and a later one was) at an unknown time.
 */
function waypointBlocks(detail: SubtaskDetail): Block[] {
  const t = (key: string) => i18n.t(`report:flight.${key}` as 'report:flight.index');
  const reached = new Map<number, string>();
  for (const e of detail.timeline)
    if (e.kind === 'waypoint' && e.waypoint !== undefined && !reached.has(e.waypoint))
      reached.set(e.waypoint, formatTime(e.ts));
  const done = detail.figures.waypoints_done;
  const when = (i: number) => reached.get(i) ?? (i < done ? t('reached') : t('notReached'));
  const metres = (value: number) =>
    i18n.t('report:flight.metres', { value: Number(value.toFixed(1)) });
  const rows: string[][] =
    detail.route.length > 0
      ? detail.route.map((w, i) => [
          String(i + 1),
          position(w.lat, w.lon),
          metres(w.height),
          when(i),
        ])
      : [...reached].map(([i, at]) => [String(i + 1), '—', '—', at]);
  return tableSection(
    t('waypoints'),
    [
      { title: t('index'), share: 10, align: 'right' },
      { title: t('position'), share: 40 },
      { title: t('height'), share: 16, align: 'right' },
      { title: t('reachedAt'), share: 34 },
    ],
    rows,
    t('noWaypoints'),
  );
}

function alarmBlocks(events: readonly SubtaskEvent[]): Block[] {
  const page = i18n.getFixedT(null, 'subtasksInfo');
  const words = i18n.getFixedT(null, 'taskWords');
  const t = (key: string) => i18n.t(`report:flight.${key}` as 'report:flight.alarms');
  const alarms = events.filter((e) => e.kind === 'alarm');
  const rows = alarms.map((a) => [
    formatTime(a.ts),
    page(`levels.${String(a.level ?? 0)}` as 'levels.0', { defaultValue: '' }),
    describeHmsCode(words, a.hms_code ?? '', a.text),
  ]);
  return tableSection(
    t('alarms'),
    [
      { title: t('alarmTime'), share: 26 },
      { title: t('alarmLevel'), share: 12 },
      { title: t('alarmText'), share: 62 },
    ],
    rows,
    page('noAlarms'),
  );
}

/** The photos with their thumbnails; the timeline's photo events when the library has none. */
function photoBlocks(
  detail: SubtaskDetail,
  media: readonly MediaFile[],
  thumbs: readonly (Picture | null)[],
): Block[] {
  const t = (key: string) => i18n.t(`report:flight.${key}` as 'report:flight.photos');
  const shots = detail.timeline.filter((e) => e.kind === 'photo');
  const rows: Cell[][] =
    media.length > 0
      ? media.map((m, i) => {
          const thumb = thumbs[i] ?? null;
          return [
            thumb && { picture: thumb, ...THUMB },
            formatTime(m.shot_at),
            m.name,
            position(m.lat, m.lon),
          ];
        })
      : shots.map((e) => [null, formatTime(e.ts), '—', position(e.lat, e.lon)]);
  const total = Math.max(detail.figures.photos, rows.length);
  const blocks = tableSection(
    t('photos'),
    [
      { title: t('thumbnail'), share: 16 },
      { title: t('shotAt'), share: 24 },
      { title: t('name'), share: 30 },
      { title: i18n.t('report:flight.position'), share: 30 },
    ],
    rows,
    i18n.t('subtasksInfo:noMedia'),
    false,
  );
  if (total > rows.length)
    blocks.push({
      kind: 'text',
      text: i18n.t('report:flight.photosListed', { total, shown: rows.length }),
      muted: true,
    });
  return blocks;
}

/** The report of the flight, with its pictures already taken. */
export function flightReportModel(
  input: FlightReportInput,
  pictures: { map: Picture | null; credit: string; smellMap: Picture | null },
  media: readonly MediaFile[],
  thumbs: readonly (Picture | null)[],
  gas: FlightGas | null,
): ReportModel {
  const { detail, live } = input;
  const meta = currentReportMeta();
  const title = i18n.t('report:flight.title');
  const run = i18n.t('report:flight.run', { task: detail.task.name, id: detail.execution.id });
  return {
    system: meta.system,
    title,
    subtitle: run,
    facts: meta.facts,
    footer: i18n.t('report:flight.footer', { system: meta.system, title, run }),
    pageLabel: (page, pages) => i18n.t('report:page', { page, pages }),
    blocks: [
      { kind: 'heading', text: i18n.t('report:flight.facts') },
      factsBlock(detail, live),
      ...mapBlocks(pictures.map, pictures.credit),
      ...waypointBlocks(detail),
      ...alarmBlocks(detail.timeline),
      ...(gas === null ? [] : smellBlocks(gas, pictures.smellMap)),
      ...photoBlocks(detail, media, thumbs),
    ],
  };
}

/**
 * Saves the flight's report as `报告.pdf`. The maps are copied first, as they are on screen when
 * the button is pressed; photos and gas readings are then read. A failure rejects without a
 * message of its own (spec §8).
 */
export async function exportFlightReport(input: FlightReportInput): Promise<void> {
  const { detail, page } = input;
  const mapRoot = page.querySelector('[data-testid="subtask-map"]');
  const smellRoot = page.querySelector('[data-testid="subtask-smell"]');
  const pictures = {
    map: mapPicture(mapRoot),
    credit: mapCredit(mapRoot),
    smellMap: mapPicture(smellRoot),
  };
  const workspace = detail.task.workspace_id;
  const [media, gas] = await Promise.all([
    fetchFlightMedia(workspace, detail.execution.flight_id).catch(() => []),
    // The page shows the smell section only to those allowed the readings; the report follows it.
    smellRoot === null ? null : loadFlightGas(workspace, detail.execution.id).catch(() => null),
  ]);
  const thumbs = await Promise.all(
    media.map((m) => loadPicture(m.thumb_url, THUMB.width, THUMB.height)),
  );
  const model = flightReportModel(input, pictures, media, thumbs, gas);
  (await buildReport(model)).pdf.save(REPORT_FILE_NAME);
}
