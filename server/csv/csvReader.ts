/**
 * Reads CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, and line breaks), keeping
 * the line each record starts on so a refusal can name it. It reads record by record and stops
 * once it has the records a caller can take, so a file of a million rows costs no more than the
 * rows asked for: counting rows of an upload never means reading all of them first.
 */

/** One CSV record and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The records read, and whether the text holds more than the limit let through. */
export interface CsvRead {
  records: CsvRecord[];
  /** True when a record past `limit` exists; it was not kept. */
  more: boolean;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Up to `limit` records of `text` (blank lines skipped), and whether more follow. A quote anywhere
 * in a cell starts a quoted stretch, as lenient readers do; text runs are copied in slices rather
 * than character by character, so a long cell costs one copy.
 */
export function readCsvRecords(text: string, limit = Number.POSITIVE_INFINITY): CsvRead {
  const records: CsvRecord[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let from = 0;
  let quoted = false;
  /** Ends the record; answers false when it is one past the limit (reading stops there). */
  const endRecord = (): boolean => {
    cells.push(cell);
    const blank = cells.length === 1 && cells[0]?.trim() === '';
    const record = { line: start, cells };
    cells = [];
    cell = '';
    if (blank) return true;
    if (records.length >= limit) return false;
    records.push(record);
    return true;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        cell += body.slice(from, i);
        if (body.charCodeAt(i + 1) === QUOTE) {
          cell += '"';
          i++;
        } else quoted = false;
        from = i + 1;
      } else if (c === LF) line++;
    } else if (c === QUOTE) {
      cell += body.slice(from, i);
      quoted = true;
      from = i + 1;
    } else if (c === COMMA) {
      cells.push(cell + body.slice(from, i));
      cell = '';
      from = i + 1;
    } else if (c === LF || c === CR) {
      cell += body.slice(from, i);
      if (c === CR && body.charCodeAt(i + 1) === LF) i++;
      if (!endRecord()) return { records, more: true };
      line++;
      start = line;
      from = i + 1;
    }
  }
  cell += body.slice(from);
  if ((cell !== '' || cells.length > 0) && !endRecord()) return { records, more: true };
  return { records, more: false };
}

/** Every record of `text`, blank lines skipped. */
export function parseCsv(text: string): CsvRecord[] {
  return readCsvRecords(text).records;
}
