/**
 * A band: a strip of a report page (a heading, a line of text, a table row) painted on a canvas at
 * print resolution and placed in the PDF as one JPEG, with the words it shows kept as text runs for
 * the invisible text layer at the same place (see textPaint.ts for why text is painted).
 */
import { grayPng, hasColour } from './grayPng.ts';
import type { PlacedRun } from './textLayer.ts';
import { canvasFont, INK, PX_PER_PT, textWidth, type TextStyle } from './textPaint.ts';

/** What may be painted on a band, in points from the band's top-left corner. */
export interface BandPainter {
  /**
   * Writes `text` with its baseline at `baseline`; `x` is its left, right or centre edge. Text is
   * searchable unless `options.searchable` is false (a chart's tick labels are only a picture).
   */
  text(text: string, x: number, baseline: number, style: TextStyle, options?: TextOptions): void;
  fill(x: number, y: number, width: number, height: number, color: string): void;
  dot(x: number, y: number, radius: number, color: string): void;
  line(x1: number, y1: number, x2: number, y2: number, color: string, width: number): void;
  /** The raw canvas context, scaled to points, for drawings of their own (charts). */
  readonly context: CanvasRenderingContext2D;
}

/** Where a text's `x` lies, and whether it joins the text layer. */
export interface TextOptions {
  align?: 'left' | 'right' | 'center';
  searchable?: boolean;
}

/**
 * A painted band: its picture (a grey PNG when it holds only black, grey and white, else a JPEG)
 * and the runs of text on it, relative to its top-left corner.
 */
export interface PaintedBand {
  image: string | Uint8Array;
  format: 'JPEG' | 'PNG';
  runs: PlacedRun[];
}

/** How a band is painted: its background and its resolution in canvas pixels per point. */
export interface BandOptions {
  background?: string;
  scale?: number;
}

/** The band's canvas as a lossless grey PNG, or as a JPEG of quality 1 when it has colour. */
function encode(canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D): PaintedBand {
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return hasColour(data)
    ? { image: canvas.toDataURL('image/jpeg', 1), format: 'JPEG', runs: [] }
    : { image: grayPng(data, canvas.width, canvas.height), format: 'PNG', runs: [] };
}

/**
 * Paints a band `width` × `height` points and answers its picture with its text runs. Text-only
 * bands become grey PNGs; a band with colour (a legend, a chart) a JPEG of quality 1, the highest
 * (spec §9's rule for the report's pictures).
 */
export function paintBand(
  width: number,
  height: number,
  paint: (painter: BandPainter) => void,
  { background = '#ffffff', scale = PX_PER_PT }: BandOptions = {},
): PaintedBand {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width * scale));
  canvas.height = Math.max(1, Math.ceil(height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const runs: PlacedRun[] = [];
  if (ctx === null) return { image: canvas.toDataURL('image/jpeg', 1), format: 'JPEG', runs };
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  const painter: BandPainter = {
    context: ctx,
    text(text, x, baseline, style, { align = 'left', searchable = true } = {}) {
      if (text === '') return;
      const w = textWidth(text, style);
      const left = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
      // The font is set at canvas resolution and drawn without the scale, so the glyphs are
      // rasterised at their final size rather than magnified; a translation (a chart painted
      // beside another) still applies.
      const m = ctx.getTransform();
      const px = m.a * left + m.e;
      const py = m.d * baseline + m.f;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.font = canvasFont(style, m.a);
      ctx.fillStyle = style.color ?? INK.text;
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(text, px, py);
      ctx.restore();
      // The text layer's box, in band points: its font size is 0.8 of the box height and its
      // baseline 0.8 down.
      if (searchable)
        runs.push({
          text,
          x: px / scale,
          top: py / scale - style.size,
          width: w,
          height: style.size * 1.25,
        });
    },
    fill(x, y, w, h, color) {
      ctx.fillStyle = color;
      ctx.fillRect(x, y, w, h);
    },
    dot(x, y, radius, color) {
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, Math.PI * 2);
      ctx.fillStyle = color;
      ctx.fill();
    },
    line(x1, y1, x2, y2, color, lineWidth) {
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.strokeStyle = color;
      ctx.lineWidth = lineWidth;
      ctx.stroke();
    },
  };
  paint(painter);
  return { ...encode(canvas, ctx), runs };
}
