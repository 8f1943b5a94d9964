/**
 * A report written as a document rather than a picture of a page: a title block, then blocks
 * (headings, paragraphs, tables, pictures, charts) flowing down A4 pages, a footer with the page
 * number on every page. Pages of the console describe their report as blocks; this module lays
 * them out.
 */
import { runSliced } from '../runSliced.ts';
import type { BandPainter } from './band.ts';
import { paintChart, type ChartSpec } from './lineChart.ts';
import { fitPicture } from './pictures.ts';
import { ReportDoc, type Picture } from './reportDoc.ts';
import { writeTable, type Cell, type Column, type TableSpec } from './reportTable.ts';
import { INK, lineHeight, textWidth, wrapText, type TextStyle } from './textPaint.ts';

/** One chart with its title (searchable text above the picture). */
export interface ChartBlock {
  title: string;
  chart: ChartSpec;
  /** Full width and taller; the others go two to a row. */
  wide: boolean;
}

/** A legend entry: a line, a dashed line or a dot in a colour, and what it stands for. */
export interface LegendItem {
  label: string;
  color: string;
  shape: 'line' | 'dash' | 'dot';
}

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'text'; text: string; muted?: boolean }
  | { kind: 'table'; table: TableSpec }
  | {
      kind: 'picture';
      picture: Picture | null;
      maxHeight: number;
      /** Said instead when there is no picture. */
      missing: string;
      /** Kept on the picture's page, under it. */
      legend?: readonly LegendItem[];
      caption?: string;
    }
  | { kind: 'charts'; charts: readonly ChartBlock[] };

/**
 * A section of rows under its heading: their table (striped unless `zebra` is false), or a muted
 * line saying there are none.
 */
export function tableSection(
  heading: string,
  columns: Column[],
  rows: Cell[][],
  empty: string,
  zebra = true,
): Block[] {
  const title: Block = { kind: 'heading', text: heading };
  if (rows.length === 0) return [title, { kind: 'text', text: empty, muted: true }];
  return [title, { kind: 'table', table: { zebra, columns, rows } }];
}

/**
 * A table of facts without a header: muted labels in the first column (`labelShare` % of the width),
 * their values beside them.
 */
export function factsTable(rows: [string, string][], labelShare: number): Block {
  return {
    kind: 'table',
    table: {
      header: false,
      columns: [
        { title: '', share: labelShare, style: { size: 9, color: INK.muted } },
        { title: '', share: 100 - labelShare, style: { size: 9, color: INK.text } },
      ],
      rows,
    },
  };
}

/** What a report is: its title block, its blocks, its footer and the file's properties. */
export interface ReportModel {
  system: string;
  title: string;
  subtitle: string;
  /** Label and value pairs under the title: project, exported by, exported at. */
  facts: readonly (readonly [string, string])[];
  blocks: readonly Block[];
  /** Left side of every page's footer. */
  footer: string;
  /** The page number as words: "第 1 页 / 共 3 页", "Page 1 of 3". */
  pageLabel: (page: number, pages: number) => string;
}

const HEADING: TextStyle = { size: 12.5, bold: true, color: INK.text };
const SUBHEADING: TextStyle = { size: 10, bold: true, color: INK.text };
const PARAGRAPH: TextStyle = { size: 9, color: INK.text };
const MUTED: TextStyle = { size: 8.5, color: INK.muted };
const SMALL: TextStyle = { size: 7.5, color: INK.muted };
const BLOCK_GAP = 8;
const SECTION_GAP = 16;
const CHART_TITLE = 16;
/** How much smaller than its full size a picture may be drawn to fit the rest of a page. */
const MIN_SHRINK = 0.7;

/** Writes wrapped lines of `style`, each its own band, moving to a new page between lines. */
function writeLines(doc: ReportDoc, text: string, style: TextStyle): void {
  const lh = lineHeight(style);
  for (const line of wrapText(text, style, doc.width)) {
    doc.ensure(lh);
    doc.band(lh, (p) => p.text(line, 0, (lh + style.size * 0.7) / 2, style));
  }
}

/** The height a block needs at least, to keep a heading on the page of what follows it. */
function leadHeight(doc: ReportDoc, block: Block | undefined): number {
  if (block === undefined) return 0;
  switch (block.kind) {
    case 'picture':
      return block.picture
        ? fitPicture(block.picture, doc.width, block.maxHeight).height * MIN_SHRINK +
            (block.legend ? LEGEND_HEIGHT : 0) +
            (block.caption === undefined ? 0 : lineHeight(SMALL))
        : lineHeight(MUTED);
    case 'charts':
      return 150;
    case 'table':
      return 72;
    case 'heading':
    case 'subheading':
    case 'text':
      return 2 * lineHeight(PARAGRAPH);
  }
}

function writeHeading(doc: ReportDoc, text: string, style: TextStyle, next: Block | undefined) {
  const height = lineHeight(style) + 4;
  doc.ensure(height + leadHeight(doc, next));
  doc.band(height, (p) => p.text(text, 0, lineHeight(style) * 0.8, style));
  if (style === HEADING) doc.rule(doc.y - 1.5, INK.rule, 0.8);
  doc.gap(4);
}

const LEGEND_HEIGHT = lineHeight(MUTED) + 6;

/** A picture with its legend and caption under it, all on one page. */
function writePicture(doc: ReportDoc, block: Extract<Block, { kind: 'picture' }>): void {
  if (block.picture === null) {
    writeLines(doc, block.missing, MUTED);
    return;
  }
  const legend = block.legend ?? [];
  const caption = block.caption === undefined ? [] : wrapText(block.caption, SMALL, doc.width);
  const below = (legend.length > 0 ? LEGEND_HEIGHT : 0) + caption.length * lineHeight(SMALL);
  let size = fitPicture(block.picture, doc.width, block.maxHeight);
  // A picture a little too tall for the rest of the page is made smaller rather than leaving
  // the rest of the page blank.
  const room = doc.bottom - doc.y - below;
  if (room < size.height && room >= size.height * MIN_SHRINK)
    size = fitPicture(block.picture, doc.width, room);
  doc.ensure(size.height + below);
  doc.picture(block.picture, doc.left, doc.y, size.width, size.height);
  doc.y += size.height;
  if (legend.length > 0) doc.band(LEGEND_HEIGHT, (p) => paintLegend(p, legend, LEGEND_HEIGHT));
  for (const line of caption) {
    const lh = lineHeight(SMALL);
    doc.band(lh, (p) => p.text(line, 0, (lh + SMALL.size * 0.7) / 2, SMALL));
  }
}

function paintLegend(p: BandPainter, items: readonly LegendItem[], height: number): void {
  let x = 0;
  const mid = height / 2;
  for (const item of items) {
    if (item.shape === 'dot') p.dot(x + 6, mid, 3, item.color);
    else if (item.shape === 'line') p.line(x, mid, x + 14, mid, item.color, 2);
    else for (let d = 0; d < 14; d += 5) p.line(x + d, mid, x + d + 3, mid, item.color, 2);
    p.text(item.label, x + 18, mid + 3, MUTED);
    x += 18 + textWidth(item.label, MUTED) + 14;
  }
}

/** Charts: each wide one across the column, the others two to a row; each row one band. */
function writeCharts(doc: ReportDoc, charts: readonly ChartBlock[]): void {
  const rows: ChartBlock[][] = [];
  for (const chart of charts) {
    const last = rows.at(-1);
    if (!chart.wide && last?.length === 1 && last[0]?.wide === false) last.push(chart);
    else rows.push([chart]);
  }
  for (const row of rows) {
    const wide = row[0]?.wide === true;
    const chartHeight = wide ? 150 : 100;
    const height = CHART_TITLE + chartHeight;
    const width = wide ? doc.width : (doc.width - 12) / 2;
    doc.ensure(height);
    // Lines and dots need less resolution than text: a chart is drawn at 180 dpi.
    doc.band(
      height,
      (p) => {
        row.forEach((c, i) => {
          const x = i * (width + 12);
          p.text(c.title, x, 11, SUBHEADING);
          p.context.save();
          p.context.translate(x, CHART_TITLE);
          paintChart(p, c.chart, width, chartHeight);
          p.context.restore();
        });
      },
      { scale: 2.5 },
    );
    doc.gap(6);
  }
}

/** Writes one block; a table a row per step. */
function* writeBlock(doc: ReportDoc, block: Block, next: Block | undefined): Generator<void> {
  switch (block.kind) {
    case 'heading':
      doc.gap(SECTION_GAP - BLOCK_GAP);
      writeHeading(doc, block.text, HEADING, next);
      return;
    case 'subheading':
      writeHeading(doc, block.text, SUBHEADING, next);
      return;
    case 'text':
      writeLines(doc, block.text, block.muted === true ? MUTED : PARAGRAPH);
      break;
    case 'table':
      yield* writeTable(doc, block.table);
      break;
    case 'picture':
      writePicture(doc, block);
      break;
    case 'charts':
      writeCharts(doc, block.charts);
      break;
  }
  doc.gap(BLOCK_GAP);
}

/** Label and value pairs side by side, the label muted, wrapping between pairs. */
function writeFacts(doc: ReportDoc, facts: readonly (readonly [string, string])[]): void {
  const lh = lineHeight(PARAGRAPH);
  const lines: { x: number; label: string; value: string }[][] = [[]];
  let x = 0;
  for (const [label, value] of facts) {
    const width = textWidth(label, MUTED) + 6 + textWidth(value, PARAGRAPH);
    if (x > 0 && x + width > doc.width) {
      lines.push([]);
      x = 0;
    }
    lines.at(-1)?.push({ x, label, value });
    x += width + 20;
  }
  for (const line of lines) {
    doc.band(lh, (p) => {
      for (const fact of line) {
        const baseline = (lh + PARAGRAPH.size * 0.7) / 2;
        p.text(fact.label, fact.x, baseline, MUTED);
        p.text(fact.value, fact.x + textWidth(fact.label, MUTED) + 6, baseline, PARAGRAPH);
      }
    });
  }
}

/** The title block: system, title, subtitle, then the facts on one line, over an accent rule. */
function writeTitle(doc: ReportDoc, model: ReportModel): void {
  const title: TextStyle = { size: 20, bold: true, color: INK.text };
  const subtitle: TextStyle = { size: 13, color: INK.text };
  doc.band(16, (p) => p.text(model.system, 0, 11, MUTED));
  doc.band(30, (p) => p.text(model.title, 0, 23, title));
  writeLines(doc, model.subtitle, subtitle);
  doc.gap(4);
  writeFacts(doc, model.facts);
  doc.gap(6);
  doc.rule(doc.y, INK.accent, 2);
  doc.gap(12);
}

/**
 * Lays the report out on A4 pages and answers the document, footers and page numbers written. The
 * work is done in slices (runSliced.ts): a long report does not freeze the page that asked for it.
 */
export async function buildReport(model: ReportModel): Promise<ReportDoc> {
  const doc = new ReportDoc();
  doc.pdf.setDocumentProperties({
    title: `${model.title} - ${model.system}`,
    subject: [model.subtitle, ...model.facts.map(([label, value]) => `${label}: ${value}`)].join(
      '; ',
    ),
    creator: model.system,
  });
  await runSliced(layOut(doc, model));
  return doc;
}

/** The report's steps: the title block, each block (each table row), each page's footer. */
function* layOut(doc: ReportDoc, model: ReportModel): Generator<void> {
  writeTitle(doc, model);
  yield;
  for (const [i, block] of model.blocks.entries()) {
    yield* writeBlock(doc, block, model.blocks[i + 1]);
    yield;
  }
  yield* doc.footers((p, page, pages) => {
    p.line(0, 0.5, doc.width, 0.5, INK.rule, 0.5);
    const baseline = 12;
    const label = model.pageLabel(page, pages);
    const room = doc.width - textWidth(label, SMALL) - 16;
    p.text(wrapText(model.footer, SMALL, room, 1)[0] ?? '', 0, baseline, SMALL);
    p.text(label, doc.width, baseline, SMALL, { align: 'right' });
  });
}
