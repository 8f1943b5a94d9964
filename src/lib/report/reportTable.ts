/**
 * Tables of a report: a header row, rows of wrapped text (and pictures, such as photo thumbnails),
 * horizontal rules. A page never ends inside a row: a row that does not fit starts the next page,
 * which repeats the header row first.
 */
import type { BandPainter } from './band.ts';
import type { Picture, ReportDoc } from './reportDoc.ts';
import { INK, lineHeight, wrapText, type TextStyle } from './textPaint.ts';

/** A column: its title, its share of the table's width, how its text aligns and looks. */
export interface Column {
  title: string;
  share: number;
  align?: 'left' | 'right';
  style?: TextStyle;
}

/** A cell holding a picture of `width` × `height` points instead of text. */
export interface PictureCell {
  picture: Picture;
  width: number;
  height: number;
}

export type Cell = string | PictureCell | null;

/** A table to write: columns, rows, and whether the header row is shown (a key/value list has none). */
export interface TableSpec {
  columns: readonly Column[];
  rows: readonly (readonly Cell[])[];
  header?: boolean;
  /** Shades every other row, for long lists read across. */
  zebra?: boolean;
}

const PAD_X = 5;
const PAD_Y = 3.5;
const MAX_LINES = 12;
/** Rows kept on the page of the table's header. */
const KEEP_ROWS = 3;
export const BODY: TextStyle = { size: 8.5, color: INK.text };
const HEAD: TextStyle = { size: 8.5, bold: true, color: INK.muted };

interface LaidCell {
  lines: string[];
  picture: PictureCell | null;
}

interface LaidRow {
  cells: LaidCell[];
  height: number;
  style: (column: Column) => TextStyle;
}

function layRow(
  cells: readonly Cell[],
  columns: readonly Column[],
  widths: readonly number[],
  style: (column: Column) => TextStyle,
): LaidRow {
  let height = 0;
  const laid = columns.map((column, i): LaidCell => {
    const cell = cells[i] ?? null;
    const inner = (widths[i] ?? 0) - 2 * PAD_X;
    if (cell !== null && typeof cell === 'object') {
      height = Math.max(height, cell.height + 2 * PAD_Y);
      return { lines: [], picture: cell };
    }
    const s = style(column);
    const lines = wrapText(cell ?? '', s, inner, MAX_LINES);
    height = Math.max(height, lines.length * lineHeight(s) + 2 * PAD_Y);
    return { lines, picture: null };
  });
  return { cells: laid, height, style };
}

/** Paints a laid-out row's text on its band; pictures are placed afterwards, as their own JPEGs. */
function paintRow(p: BandPainter, row: LaidRow, columns: readonly Column[], widths: number[]) {
  let x = 0;
  columns.forEach((column, i) => {
    const width = widths[i] ?? 0;
    const s = row.style(column);
    const lh = lineHeight(s);
    row.cells[i]?.lines.forEach((line, n) => {
      // The glyphs' body (about 0.7 em) centred in its line.
      const baseline = PAD_Y + n * lh + (lh + s.size * 0.7) / 2;
      const right = column.align === 'right';
      p.text(line, right ? x + width - PAD_X : x + PAD_X, baseline, s, {
        align: right ? 'right' : 'left',
      });
    });
    x += width;
  });
}

function drawRow(
  doc: ReportDoc,
  row: LaidRow,
  columns: readonly Column[],
  widths: number[],
  background: string,
): void {
  const top = doc.y;
  doc.band(row.height, (p) => paintRow(p, row, columns, widths), { background });
  let x = doc.left;
  row.cells.forEach((cell, i) => {
    if (cell.picture) {
      const { picture, width, height } = cell.picture;
      doc.picture(picture, x + PAD_X, top + PAD_Y, width, height);
    }
    x += widths[i] ?? 0;
  });
  doc.rule(doc.y, INK.rule);
}

/**
 * Writes a table at the cursor, a row per step (see runSliced.ts). The header and the first row stay
 * together; each row that would cross the page's end goes to the next page, under a repeated header.
 */
export function* writeTable(doc: ReportDoc, spec: TableSpec): Generator<void, void, void> {
  const { columns } = spec;
  const total = columns.reduce((sum, c) => sum + c.share, 0) || 1;
  const widths = columns.map((c) => (c.share / total) * doc.width);
  const head =
    spec.header === false
      ? null
      : layRow(
          columns.map((c) => c.title),
          columns,
          widths,
          () => HEAD,
        );
  const rows = spec.rows.map((cells) => layRow(cells, columns, widths, (c) => c.style ?? BODY));
  const writeHead = () => {
    if (head === null) return;
    drawRow(doc, head, columns, widths, INK.shade);
  };
  // The header goes with the first rows: never a header, or a lone row, at the foot of a page.
  const lead = rows.slice(0, KEEP_ROWS).reduce((sum, r) => sum + r.height, 0);
  doc.ensure((head?.height ?? 0) + lead);
  writeHead();
  for (const [i, row] of rows.entries()) {
    if (doc.ensure(row.height)) writeHead();
    drawRow(doc, row, columns, widths, spec.zebra === true && i % 2 === 1 ? '#fbfbfc' : '#ffffff');
    yield;
  }
}
