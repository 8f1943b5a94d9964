import type { AuditLogEntry } from '../../../protocol/http.ts';

const HEADER: readonly (keyof AuditLogEntry)[] = [
  'id',
  'created_at',
  'username',
  'user_id',
  'module',
  'action',
  'target',
  'ip',
  'result',
  'detail',
];

/** Quotes a CSV cell; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The audit entries as CSV with a header row; the BOM makes spreadsheet apps read UTF-8 Chinese. */
export function toCsv(entries: readonly AuditLogEntry[]): string {
  const lines = [HEADER.join(','), ...entries.map((e) => HEADER.map((k) => cell(e[k])).join(','))];
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
