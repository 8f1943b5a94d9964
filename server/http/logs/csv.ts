import type { AuditWords } from '../../../protocol/auditLog.ts';
import { detailWords, logWord, targetLabel } from '../../../protocol/auditLog.ts';
import type { AuditLogEntry } from '../../../protocol/http.ts';
import { csvText } from '../../csv/csvWriter.ts';
import { zonedFormatter } from './zonedTime.ts';

/** How the export reads: the words of the caller's language and the time zone of their clock. */
export interface CsvReading {
  words: AuditWords;
  timeZone: string;
}

function header({ words, timeZone }: CsvReading): string[] {
  const c = words.columns;
  const time = `${c.time} (${timeZone})`;
  const iso = `${c.time} (UTC, ISO 8601)`;
  return [c.id, time, c.user, c.module, c.action, c.target, c.ip, c.result, c.detail, iso];
}

/**
 * The audit entries as the logs page shows them: words instead of codes, names instead of ids,
 * local wall-clock times, plus a last column of ISO 8601 UTC times for programs. The BOM makes
 * spreadsheet apps read UTF-8 Chinese. The shared writer quotes every cell and neutralises texts
 * that look like formulas (a target or detail a user typed), as every CSV export does.
 */
export function toCsv(entries: readonly AuditLogEntry[], reading: CsvReading): string {
  const { words } = reading;
  const localTime = zonedFormatter(reading.timeZone);
  const row = (e: AuditLogEntry) => [
    e.id,
    localTime(new Date(e.created_at)),
    e.username,
    logWord(words, 'module', e.module),
    logWord(words, 'action', e.action),
    targetLabel(e),
    e.ip,
    words.results[e.result],
    detailWords(words, e.detail),
    e.created_at,
  ];
  return csvText([header(reading), ...entries.map(row)], { quoteAll: true, bom: true });
}
