/**
 * Text for a report written with jsPDF. jsPDF draws text only in a TrueType font it embeds, and no
 * font with Chinese glyphs ships with the console (the standard PDF fonts have none). The browser
 * has those glyphs, so the visible text is drawn by a canvas, in the console's own font, at print
 * resolution; the same words are written over it as invisible text (textLayer.ts), so the file can
 * be searched, copied from and read by `pdftotext` and screen readers. This module measures and
 * wraps text in points, as the canvas will draw it.
 */

/** Canvas pixels per PDF point: 4 draws at 288 dpi, sharp on paper and when zoomed in. */
export const PX_PER_PT = 4;

/** How a run of text looks: size in points, weight and colour. */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** The ink colours of a report: text, secondary text, rules and shading. */
export const INK = {
  text: '#1c2127',
  muted: '#5f6b7c',
  accent: '#2d72d2',
  rule: '#d3d8de',
  shade: '#f6f7f9',
} as const;

// The console's own font stack, which carries the Chinese fallbacks of the system; read once.
const FALLBACK_FAMILY =
  '-apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", ' +
  '"Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif';
let family: string | null = null;

function fontFamily(): string {
  family ??= getComputedStyle(document.body).fontFamily || FALLBACK_FAMILY;
  return family;
}

/** The CSS font of `style` at `scale` canvas pixels per point. */
export function canvasFont(style: TextStyle, scale = PX_PER_PT): string {
  return `${style.bold ? '600' : '400'} ${String(style.size * scale)}px ${fontFamily()}`;
}

let measurer: CanvasRenderingContext2D | null = null;

/** The width of `text` in points, as the canvas draws it. */
export function textWidth(text: string, style: TextStyle): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (measurer === null) return text.length * style.size * 0.6;
  measurer.font = canvasFont(style);
  return measurer.measureText(text).width / PX_PER_PT;
}

/** Line height of a style, in points. */
export const lineHeight = (style: TextStyle): number => style.size * 1.45;

// A Chinese or Japanese character (with the closing punctuation that must not start a line), a run
// of other visible characters (a word), or white space: a line may break before any of them.
const TOKENS =
  /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef][，。、；：！？）」』】》,.;:!?)]*|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g;

/** Splits a word too wide for a line into pieces that fit, character by character. */
function splitWord(word: string, style: TextStyle, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece !== '' && textWidth(piece + ch, style) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * `text` broken into lines no wider than `width` points: between words, or between any two Chinese
 * characters; at most `maxLines`, the last one ending in an ellipsis when text was left out.
 */
export function wrapText(text: string, style: TextStyle, width: number, maxLines = 40): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.match(TOKENS) ?? []) {
      const next = line + token;
      if (textWidth(next.trimEnd(), style) <= width) {
        line = next;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      if (/^\s+$/.test(token)) continue;
      const pieces = textWidth(token, style) > width ? splitWord(token, style, width) : [token];
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
    lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, -1)}…`;
  return kept;
}
