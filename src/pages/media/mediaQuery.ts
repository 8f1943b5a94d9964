import dayjs from 'dayjs';
import { MEDIA_KINDS, type MediaKind, type MediaListQuery } from '../../../protocol/media.ts';
import type { TableQuery } from '../../components/SearchTable/types.ts';

/** Filters another page asked for in the address (`?flight_id=` / `?task_id=`). */
export interface MediaPreset {
  flight_id?: string;
  task_id?: number;
}

/** Reads the preset filters from the page's query string; malformed values are ignored. */
export function presetFrom(params: URLSearchParams): MediaPreset {
  const preset: MediaPreset = {};
  const flight = params.get('flight_id')?.trim();
  if (flight) preset.flight_id = flight;
  const task = Number(params.get('task_id'));
  if (Number.isInteger(task) && task > 0) preset.task_id = task;
  return preset;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

const isKind = (v: unknown): v is MediaKind => MEDIA_KINDS.some((k) => k === v);

/** A `YYYY-MM-DD` day as ms: its first millisecond, or with `end` its last. */
function dayMs(v: unknown, end: boolean): number | undefined {
  const day = text(v);
  if (day === undefined) return undefined;
  const d = dayjs(day);
  if (!d.isValid()) return undefined;
  return (end ? d.endOf('day') : d.startOf('day')).valueOf();
}

/** The list call's query: the table's page and fields, the project, and the address's preset. */
export function mediaQuery(
  q: TableQuery,
  workspaceId: number,
  preset: MediaPreset,
): MediaListQuery {
  const task = Number(q.task_id);
  return {
    workspace_id: workspaceId,
    current: q.current,
    size: q.size,
    task_id: Number.isInteger(task) && task > 0 ? task : preset.task_id,
    flight_id: preset.flight_id,
    device_sn: text(q.device_sn),
    kind: isKind(q.kind) ? q.kind : undefined,
    begin: dayMs(q.begin, false),
    end: dayMs(q.end, true),
    keyword: text(q.keyword),
  };
}
