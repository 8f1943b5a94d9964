/**
 * A report as a paginated document: A4 portrait pages filled from top to bottom by bands (painted
 * strips with their text layer, band.ts), pictures and rules, a cursor that moves down, and a new
 * page whenever the next block would not fit. Footers are written last, when the page count is known.
 */
import { jsPDF } from 'jspdf';
import { paintBand, type BandOptions, type BandPainter, type PaintedBand } from './band.ts';
import { addTextFont, writeRuns } from './textLayer.ts';

/** A4 portrait in points, and the margins around the text. */
export const PAGE = { width: 595.28, height: 841.89, margin: 42, footer: 26 } as const;

/** A JPEG to place: its data URL and its pixel size (for its proportions). */
export interface Picture {
  jpeg: string;
  width: number;
  height: number;
}

export class ReportDoc {
  readonly pdf: jsPDF;
  private readonly font: string;
  /** The cursor: where the next block starts, in points from the page's top. */
  y: number = PAGE.margin;

  constructor() {
    this.pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
    this.font = addTextFont(this.pdf);
  }

  /** Left edge of the text column. */
  get left(): number {
    return PAGE.margin;
  }

  /** Width of the text column. */
  get width(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  /** Where a page's content starts. */
  get top(): number {
    return PAGE.margin;
  }

  /** Where a page's content must end: above the footer. */
  get bottom(): number {
    return PAGE.height - PAGE.margin - PAGE.footer;
  }

  /** Whether `height` more points fit on the current page. */
  fits(height: number): boolean {
    return this.y + height <= this.bottom + 0.01;
  }

  /**
   * Starts a new page unless `height` more points fit on this one. A page that is still empty is
   * kept (a block taller than a page goes on it and runs over rather than leaving blank pages).
   */
  ensure(height: number): boolean {
    if (this.fits(height) || this.y <= this.top) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.pdf.addPage('a4', 'portrait');
    this.y = this.top;
  }

  /** Places a painted band with its text layer at (`x`, `y`), `width` × `height` points. */
  place(band: PaintedBand, x: number, y: number, width: number, height: number): void {
    this.pdf.addImage(band.image, band.format, x, y, width, height);
    writeRuns(
      this.pdf,
      this.font,
      band.runs.map((r) => ({ ...r, x: r.x + x, top: r.top + y })),
    );
  }

  /** Paints a band of the column's width at the cursor and moves the cursor below it. */
  band(height: number, paint: (p: BandPainter) => void, options?: BandOptions): void {
    this.place(
      paintBand(this.width, height, paint, options),
      this.left,
      this.y,
      this.width,
      height,
    );
    this.y += height;
  }

  /** A picture at (`x`, `y`), `width` × `height` points. */
  picture(picture: Picture, x: number, y: number, width: number, height: number): void {
    this.pdf.addImage(picture.jpeg, 'JPEG', x, y, width, height);
  }

  /** A horizontal rule at `y` across the column (or from `x`, `width` long). */
  rule(y: number, color: string, lineWidth = 0.5, x = this.left, width = this.width): void {
    this.pdf.setDrawColor(color);
    this.pdf.setLineWidth(lineWidth);
    this.pdf.line(x, y, x + width, y);
  }

  /** Moves the cursor down `height` points (not past the page's end). */
  gap(height: number): void {
    this.y = Math.min(this.y + height, this.bottom);
  }

  /** Writes the footer band of every page, given its number and the page count, a page per step. */
  *footers(
    paint: (p: BandPainter, page: number, pages: number) => void,
  ): Generator<void, void, void> {
    const pages = this.pdf.getNumberOfPages();
    const y = PAGE.height - PAGE.margin - PAGE.footer / 2;
    for (let page = 1; page <= pages; page += 1) {
      this.pdf.setPage(page);
      const band = paintBand(this.width, PAGE.footer / 2 + 4, (p) => paint(p, page, pages));
      this.place(band, this.left, y, this.width, PAGE.footer / 2 + 4);
      yield;
    }
  }
}
