import dayjs from 'dayjs';
import { API, type AuditLogEntry, type Page } from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of audit-log entries matching the filters (`from`, `to`, `username`, `module`, …). */
export const listLogs = (query: Query) => http.get<Page<AuditLogEntry>>(API.logsList, query);

/** The name a CSV export is saved under: `logs-YYYYMMDD-HHmmss.csv`, in local time. */
export const logsFileName = (at: Date = new Date()) =>
  `logs-${dayjs(at).format('YYYYMMDD-HHmmss')}.csv`;

/**
 * The CSV of every entry matching `filters`, written the way the page reads: in the console's
 * language (not the browser's) and with times in this browser's time zone.
 */
export async function fetchLogsCsv(filters: Query): Promise<Blob> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await http.raw('GET', API.logsExport, { query: { ...filters, tz } });
  if (!response.ok) throw new Error(await http.refusalOf(response));
  return response.blob();
}
