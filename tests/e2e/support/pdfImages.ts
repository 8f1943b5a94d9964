/**
 * Reading the page pictures of an exported report: jsPDF writes each page as one JPEG, which the
 * browser decodes so a test can measure what is drawn where.
 */
import { PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';

/** The JPEG files embedded in a PDF, page order (jsPDF writes one image per page). */
export function embeddedJpegs(pdf: PDFDocument): Buffer[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFRawStream =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    )
    .map((stream) => Buffer.from(stream.contents));
}

/** A part of an image, as shares (0–1) of its width and height. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}
export const WHOLE: Region = { left: 0, top: 0, width: 1, height: 1 };

/** What a region of a page picture holds, as shares of its pixels. */
export interface Ink {
  /** Not white: anything drawn on the paper. */
  marked: number;
  /** Dark: text. */
  dark: number;
  /** Strongly coloured: photos and maps rather than text and rules. */
  colourful: number;
  /** Flat light grey (luma 180–228, next to no colour): a shaded band or box, not paper or ink. */
  grey: number;
  width: number;
  height: number;
}

/** Measures `region` of a JPEG, decoded by the browser behind `page`. */
export function jpegInk(page: Page, jpeg: Buffer, region: Region = WHOLE): Promise<Ink> {
  return page.evaluate(
    async ([base64, part]) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${base64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      const size = { width: img.width, height: img.height };
      if (!ctx) return { marked: 0, dark: 0, colourful: 0, grey: 0, ...size };
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(
        Math.round(part.left * img.width),
        Math.round(part.top * img.height),
        Math.max(1, Math.round(part.width * img.width)),
        Math.max(1, Math.round(part.height * img.height)),
      );
      let marked = 0;
      let dark = 0;
      let colourful = 0;
      let grey = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i] ?? 0;
        const g = data[i + 1] ?? 0;
        const b = data[i + 2] ?? 0;
        const luma = 0.3 * r + 0.59 * g + 0.11 * b;
        const chroma = Math.max(r, g, b) - Math.min(r, g, b);
        if (luma < 245) marked += 1;
        if (luma < 110) dark += 1;
        if (chroma > 40) colourful += 1;
        if (luma >= 180 && luma <= 228 && chroma < 16) grey += 1;
      }
      const pixels = data.length / 4;
      return {
        marked: marked / pixels,
        dark: dark / pixels,
        colourful: colourful / pixels,
        grey: grey / pixels,
        ...size,
      };
    },
    [jpeg.toString('base64'), region] as const,
  );
}
