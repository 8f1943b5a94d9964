/**
 * The one CSV writer of every CSV the server hands out (the audit-log export, the feature-point
 * export), so every export is defended against formula injection the same way.
 *
 * Spreadsheet apps run a cell that starts with `=`, `+`, `-` or `@` as a formula (and some trim a
 * leading tab, CR, LF or space first, or read the full-width forms of those signs the same way), so
 * an imported name such as `=HYPERLINK(…)` or `=cmd|'/c calc'!A0` would run on the machine of
 * whoever opens the export. As OWASP advises, such a text cell is written with a single quote in
 * front, which makes every spreadsheet show it as text.
 *
 * Only text is neutralised. A cell our own code hands over as a `number` (a longitude of -122.5, an
 * id) is written as the number it is: the text of a finite number is digits, a sign, a point and an
 * exponent, which no spreadsheet reads as a formula, and quoting it would turn a numeric column into
 * text and corrupt the negative coordinates a program reads back. Numbers that arrive as text (a
 * cell of an imported file) are still neutralised, since nothing vouches for them.
 */

/** A value of a cell: text, or a number our own code wrote. */
export type CsvValue = string | number;

/** How a file is written. */
export interface CsvOptions {
  /** Quote every cell (the audit export's style); otherwise only cells that need it are quoted. */
  quoteAll?: boolean;
  /** Start with a byte-order mark, so spreadsheet apps read UTF-8 (Chinese) text as such. */
  bom?: boolean;
}

/**
 * Text a spreadsheet may run as a formula: it starts with `=`, `+`, `-`, `@` (or their full-width
 * forms), possibly after blanks some apps trim, or it starts with a tab, CR or LF.
 */
const FORMULA_LIKE = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** Whether a spreadsheet may run `text` as a formula when it opens it as a cell. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_LIKE.test(text);
}

/**
 * Whether the writer puts a quote in front of `text`: it looks like a formula, or it is one behind
 * quotes of its own. The second case keeps the quote reversible: `'=x` is written `''=x`, so reading
 * it back drops exactly the quote the writer added and gives `'=x` again, not `=x`.
 */
function needsPrefix(text: string): boolean {
  return isFormulaLike(text.replace(/^'+/, ''));
}

/** `text` as a spreadsheet shows it as text: a single quote in front when it looks like a formula. */
export function neutralised(text: string): string {
  return needsPrefix(text) ? `'${text}` : text;
}

/**
 * The text `neutralised` was given, read back from a cell of a CSV file: the single quote the
 * writer put in front of a formula-like text is dropped, so exporting and importing again keeps a
 * point's name and notes as they were instead of adding a quote each time.
 */
export function unneutralised(cell: string): string {
  return cell.startsWith("'") && needsPrefix(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Whether a written cell must be quoted (RFC 4180), or keeps edge blanks some readers trim. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell: text neutralised, then quoted when it must be, or when `quoteAll` says always. */
function written(value: CsvValue, quoteAll: boolean): string {
  const text = typeof value === 'number' ? String(value) : neutralised(value);
  return quoteAll || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One cell as CSV writes it: text neutralised, then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  return written(value, false);
}

/** One record: its cells joined with commas, no line break. */
export function csvLine(cells: readonly CsvValue[], quoteAll = false): string {
  return cells.map((value) => written(value, quoteAll)).join(',');
}

/** A whole file: the records (header first, if any) each ended by CRLF, as RFC 4180 writes them. */
export function csvText(records: Iterable<readonly CsvValue[]>, options: CsvOptions = {}): string {
  const lines: string[] = [];
  for (const cells of records) lines.push(`${csvLine(cells, options.quoteAll)}\r\n`);
  return (options.bom ? '\uFEFF' : '') + lines.join('');
}
