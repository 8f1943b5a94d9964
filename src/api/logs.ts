import dayjs from 'dayjs';
import { API, type AuditLogEntry, type Page } from '../../protocol/http.ts';
import { i18n } from '../i18n/index.ts';
import { appStore } from '../state/app.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of audit-log entries matching the filters (`from`, `to`, `username`, `module`, …). */
export const listLogs = (query: Query) => http.get<Page<AuditLogEntry>>(API.logsList, query);

/** The name a CSV export is saved under: `logs-YYYYMMDD-HHmmss.csv`, in local time. */
export const logsFileName = (at: Date = new Date()) =>
  `logs-${dayjs(at).format('YYYYMMDD-HHmmss')}.csv`;

function exportUrl(filters: Query): URL {
  const url = new URL(API.logsExport, window.location.origin);
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url;
}

/**
 * The export is written the way the page reads: in the console's language (not the browser's) and
 * with times in this browser's time zone.
 */
const fetchCsv = (filters: Query) =>
  fetch(exportUrl({ ...filters, tz: Intl.DateTimeFormat().resolvedOptions().timeZone }), {
    headers: {
      Authorization: `Bearer ${appStore.authorization?.token ?? ''}`,
      'Accept-Language': i18n.language,
    },
  });

/** What the server said when it refused the export (its envelope's `msg`), else the HTTP status. */
async function refusal(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
  return typeof body?.msg === 'string' && body.msg !== '' ? body.msg : `HTTP ${response.status}`;
}

/**
 * The CSV of every entry matching `filters`. A plain `fetch`, because the answer is a file rather
 * than an envelope; an expired token is renewed by one enveloped call through the client, then the
 * download is tried once more.
 */
export async function fetchLogsCsv(filters: Query): Promise<Blob> {
  let response = await fetchCsv(filters);
  if (response.status === 401) {
    await http.get(API.logsList, { current: 1, size: 1 });
    response = await fetchCsv(filters);
  }
  if (!response.ok) throw new Error(await refusal(response));
  return response.blob();
}
