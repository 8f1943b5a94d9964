/** One CSV record and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Reads CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, and line breaks), keeping
 * the line each record starts on so a refusal can name it. Blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const body = text.replace(/^\uFEFF/, '');
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]?.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body.charAt(i);
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** A cell as CSV writes it: quoted when it holds a separator, a quote, a line break or edge spaces. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
