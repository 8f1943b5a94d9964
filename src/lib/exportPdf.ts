import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';
import { flattenModernColors } from './plainColors.ts';

/** Spec §9: a PDF page side may not exceed 14 400 points (PDF's own limit of 200 inches). */
export const MAX_PDF_SIDE_PT = 14_400;
export const REPORT_FILE_NAME = '报告.pdf';

/** Scales `width × height` down proportionally so that neither side exceeds the PDF limit. */
export function fitPdfPage(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_PDF_SIDE_PT / width, MAX_PDF_SIDE_PT / height);
  return { width: width * scale, height: height * scale };
}

/**
 * Captures `element` and saves it as `报告.pdf`: one page the size of the capture, the image as a
 * JPEG at quality 1. A failure rejects without any message of its own (spec §8); callers decide.
 */
export async function exportPdf(element: HTMLElement, fileName = REPORT_FILE_NAME): Promise<void> {
  const canvas = await html2canvas(element, {
    useCORS: true,
    logging: false,
    onclone: (doc) => flattenModernColors(doc.body),
  });
  const page = fitPdfPage(canvas.width, canvas.height);
  const pdf = new jsPDF({
    orientation: page.width > page.height ? 'landscape' : 'portrait',
    unit: 'pt',
    format: [page.width, page.height],
  });
  pdf.addImage(canvas.toDataURL('image/jpeg', 1), 'JPEG', 0, 0, page.width, page.height);
  pdf.save(fileName);
}
