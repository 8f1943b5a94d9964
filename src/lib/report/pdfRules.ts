/** Spec §9's rules for every PDF the console saves, shared by the page report and the flight report. */

/** Spec §9: a PDF page side may not exceed 14 400 points (PDF's own limit of 200 inches). */
export const MAX_PDF_SIDE_PT = 14_400;

/** Spec §9: the name a report is saved under. */
export const REPORT_FILE_NAME = '报告.pdf';

/** Scales `width × height` down proportionally so that neither side exceeds the PDF limit. */
export function fitPdfPage(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_PDF_SIDE_PT / width, MAX_PDF_SIDE_PT / height);
  return { width: width * scale, height: height * scale };
}
