import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';
import { currentReportMeta } from './report/currentMeta.ts';
import { pageImage } from './report/pageImage.ts';
import { planPages, type PageSlice } from './report/pagePlan.ts';
import type { ReportMeta } from './report/reportMeta.ts';
import { prepareReport, type ReportLayout } from './report/reportMode.ts';
import { addTextFont, collectText, writeRuns, type TextRun } from './report/textLayer.ts';
import { flattenModernColors } from './plainColors.ts';
import { fitPdfPage, REPORT_FILE_NAME } from './report/pdfRules.ts';

export { fitPdfPage, MAX_PDF_SIDE_PT, REPORT_FILE_NAME } from './report/pdfRules.ts';

/** CSS pixels are 1/96 in, points 1/72 in: the page shows the capture at its on-screen size. */
const PT_PER_PX = 0.75;
const MARGIN_PT = 36;
const FOOTER_PT = 20;
/** Page height over width of the A series (A4 portrait), so pages print and read like paper. */
const PAGE_RATIO = Math.SQRT2;

/** The rendered report, where it may be cut and its lines of text, all in canvas pixels. */
interface Capture extends ReportLayout {
  canvas: HTMLCanvasElement;
  text: TextRun[];
}

async function capture(element: HTMLElement, meta: ReportMeta): Promise<Capture> {
  let layout: ReportLayout = { breaks: [], heads: [] };
  let text: TextRun[] = [];
  const canvas = await html2canvas(element, {
    useCORS: true,
    logging: false,
    backgroundColor: '#ffffff',
    onclone: (doc, root) => {
      layout = prepareReport(doc, root, meta);
      flattenModernColors(doc.body);
      text = collectText(root);
    },
  });
  const scale = canvas.width / Math.max(1, element.getBoundingClientRect().width);
  return {
    canvas,
    text: text.map((r) => ({
      text: r.text,
      x: r.x * scale,
      top: r.top * scale,
      width: r.width * scale,
      height: r.height * scale,
    })),
    breaks: layout.breaks.map((y) => y * scale),
    heads: layout.heads.map((h) => ({
      top: h.top * scale,
      height: h.height * scale,
      tableBottom: h.tableBottom * scale,
    })),
  };
}

/** Page geometry in points: the page size and how many points one canvas pixel takes. */
function pageGeometry(canvas: HTMLCanvasElement, element: HTMLElement) {
  const scale = canvas.width / Math.max(1, element.getBoundingClientRect().width);
  const wanted = canvas.width * (PT_PER_PX / scale) + 2 * MARGIN_PT;
  const size = fitPdfPage(wanted, wanted * PAGE_RATIO);
  const shrink = size.width / wanted;
  return { size, margin: MARGIN_PT * shrink, ptPerPx: (PT_PER_PX / scale) * shrink };
}

/** The runs whose top lies in the page's slice, placed in points on that page. */
function runsOn(shot: Capture, slice: PageSlice, margin: number, ptPerPx: number) {
  const head = slice.head?.height ?? 0;
  return shot.text
    .filter((r) => r.top >= slice.top && r.top < slice.top + slice.height)
    .map((r) => ({
      text: r.text,
      x: margin + r.x * ptPerPx,
      top: margin + (head + r.top - slice.top) * ptPerPx,
      width: r.width * ptPerPx,
      height: r.height * ptPerPx,
    }));
}

/**
 * Builds the PDF: pages of the capture's width, A-series proportions, the page's text invisible over
 * its picture (textLayer.ts), a footer on each page.
 */
function toPdf(shot: Capture, element: HTMLElement, meta: ReportMeta): jsPDF {
  const { size, margin, ptPerPx } = pageGeometry(shot.canvas, element);
  const room = (size.height - 2 * margin - FOOTER_PT) / ptPerPx;
  const slices = planPages(shot.canvas.height, room, shot.breaks, shot.heads);
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: [size.width, size.height] });
  const font = addTextFont(pdf);
  pdf.setDocumentProperties({
    title: `${meta.title} - ${meta.system}`,
    subject: meta.facts.map(([label, value]) => `${label}: ${value}`).join('; '),
    creator: meta.system,
  });
  slices.forEach((slice: PageSlice, index) => {
    if (index > 0) pdf.addPage([size.width, size.height], 'portrait');
    const height = ((slice.head?.height ?? 0) + slice.height) * ptPerPx;
    const width = shot.canvas.width * ptPerPx;
    pdf.addImage(pageImage(shot.canvas, slice), 'JPEG', margin, margin, width, height);
    writeRuns(pdf, font, runsOn(shot, slice, margin, ptPerPx));
    footer(pdf, size, margin, `${index + 1} / ${slices.length}`, meta.when);
  });
  return pdf;
}

// The footer holds only digits and Latin letters: the PDF's built-in font has no Chinese glyphs.
function footer(
  pdf: jsPDF,
  size: { width: number; height: number },
  margin: number,
  pages: string,
  when: string,
) {
  const y = size.height - margin / 2;
  pdf.setFontSize(9);
  pdf.setTextColor(95, 107, 124);
  pdf.text(when, margin, y);
  pdf.text(pages, size.width - margin, y, { align: 'right' });
}

/**
 * Saves `element` as a report, `报告.pdf`: a title block (system, title, project, who, when), the
 * content as a light document without its controls, pages cut between table rows (the header row
 * repeated), and page numbers. A failure rejects without any message of its own (spec §8).
 */
export async function exportReport(
  element: HTMLElement,
  meta: ReportMeta,
  fileName = REPORT_FILE_NAME,
): Promise<void> {
  const shot = await capture(element, meta);
  toPdf(shot, element, meta).save(fileName);
}

/**
 * Saves `element` as `报告.pdf`, a report of the page on screen: titled with the page's name, the
 * current project, the signed-in user and the time. Mark parts to leave out with `data-report="hide"`.
 */
export function exportPdf(element: HTMLElement, fileName = REPORT_FILE_NAME): Promise<void> {
  return exportReport(element, currentReportMeta(), fileName);
}
