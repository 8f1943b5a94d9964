/**
 * The report's text layer. A report page is a picture of the page (html2canvas); on its own a PDF of
 * pictures can be neither searched nor copied from, nor read by a screen reader or `pdftotext`. So
 * each line of text the report shows is also written over its picture as invisible text (PDF text
 * render mode 3, as scanned documents carry their OCR), in a font dictionary that maps every code to
 * its Unicode character: Chinese and English alike come out of the file as they read on screen.
 */
import type { jsPDF } from 'jspdf';

/** One line of text as laid out in the captured root, in CSS pixels from its top-left corner. */
export interface TextRun {
  text: string;
  x: number;
  top: number;
  width: number;
  height: number;
}

/** Where a text node's characters lie: one rectangle per line box they fill. */
function tokenRects(node: Text, start: number, end: number): DOMRect[] {
  const range = node.ownerDocument.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
}

/** Adds `text` at `rect` to the runs, joining it to the run it continues on the same line. */
function place(runs: TextRun[], text: string, rect: DOMRect, origin: DOMRect): void {
  const top = rect.top - origin.top;
  const x = rect.left - origin.left;
  const last = runs[runs.length - 1];
  const sameLine =
    last !== undefined &&
    Math.abs(last.top - top) < Math.min(last.height, rect.height) / 2 &&
    x >= last.x + last.width - 1 &&
    x - (last.x + last.width) < rect.height;
  if (last && sameLine) {
    const gap = x - (last.x + last.width) > rect.height / 8 ? ' ' : '';
    last.text += gap + text;
    last.width = x + rect.width - last.x;
    last.height = Math.max(last.height, rect.height);
    return;
  }
  runs.push({ text, x, top, width: rect.width, height: rect.height });
}

/**
 * Every line of text visible under `root` (call it on the laid-out report, in the capture's
 * document). Words are measured one by one, so a wrapped paragraph gives one run per line.
 */
export function collectText(root: HTMLElement): TextRun[] {
  const origin = root.getBoundingClientRect();
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const runs: TextRun[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node as Text;
    const value = text.data;
    if (value.trim() === '') continue;
    const words = /\S+/g;
    for (let m = words.exec(value); m !== null; m = words.exec(value)) {
      const rects = tokenRects(text, m.index, m.index + m[0].length);
      const [only] = rects;
      if (rects.length === 1 && only) place(runs, m[0], only, origin);
      else if (rects.length > 1) {
        // A word the line broke inside (Chinese has no spaces): character by character.
        for (let i = 0; i < m[0].length; i++) {
          const [r] = tokenRects(text, m.index + i, m.index + i + 1);
          if (r) place(runs, m[0].charAt(i), r, origin);
        }
      }
    }
  }
  return runs;
}

/** `/Font` resource name of the layer's font in this document (see `addTextFont`). */
type FontKey = string;

const toUnicodeCMap = (): string => {
  const ranges: string[] = [];
  for (let hi = 0; hi < 256; hi++) {
    if (hi >= 0xd8 && hi <= 0xdf) continue; // surrogate halves are never written
    const h = hi.toString(16).padStart(2, '0').toUpperCase();
    ranges.push(`<${h}00> <${h}FF> <${h}00>`);
  }
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const part = ranges.slice(i, i + 100);
    blocks.push(`${String(part.length)} beginbfrange\n${part.join('\n')}\nendbfrange`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Skydeck-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
};

interface PutFontArgs {
  font: { id: string; isAlreadyPutted?: boolean; objectNumber?: number };
  out: (line: string) => void;
  newObject: () => number;
  putStream: (options: { data: string; objectId: number }) => void;
}

/**
 * Makes the document carry the layer's font, and answers its resource name. jsPDF loads a font of
 * its own only from a TrueType file; the layer draws nothing, so it needs no glyphs, only codes that
 * map to Unicode. It therefore takes over the entry of a standard font the report never uses
 * (ZapfDingbats) and writes, in its place, a Type0 font with Identity-H codes (a code is the UTF-16
 * unit), every width 1 em, and a ToUnicode map from each code to itself.
 */
export function addTextFont(pdf: jsPDF): FontKey {
  const entry = (
    pdf as unknown as { getFont(name: string, style: string): { id: string } }
  ).getFont('zapfdingbats', 'normal');
  pdf.internal.events.subscribe('putFont', (args: PutFontArgs) => {
    if (args.font.id !== entry.id) return;
    const { out, newObject, putStream } = args;
    const cmap = newObject();
    putStream({ data: toUnicodeCMap(), objectId: cmap });
    out('endobj');
    const descriptor = newObject();
    out(
      '<< /Type /FontDescriptor /FontName /SkydeckTextLayer /Flags 4 /FontBBox [0 -200 1000 800]' +
        ' /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>',
    );
    out('endobj');
    const cidFont = newObject();
    out(
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SkydeckTextLayer' +
        ' /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>' +
        ` /FontDescriptor ${String(descriptor)} 0 R /DW 1000 /CIDToGIDMap /Identity >>`,
    );
    out('endobj');
    args.font.objectNumber = newObject();
    out(
      '<< /Type /Font /Subtype /Type0 /BaseFont /SkydeckTextLayer /Encoding /Identity-H' +
        ` /DescendantFonts [${String(cidFont)} 0 R] /ToUnicode ${String(cmap)} 0 R >>`,
    );
    out('endobj');
    args.font.isAlreadyPutted = true;
  });
  return entry.id;
}

/** UTF-16 units as the hex string a Type0 Identity-H font reads; characters beyond the BMP go. */
function hexOf(text: string): string {
  let hex = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0xffff) continue;
    hex += code.toString(16).padStart(4, '0').toUpperCase();
  }
  return hex;
}

/** Where a run goes on the current page: its box in points from the page's top-left corner. */
export interface PlacedRun {
  text: string;
  x: number;
  top: number;
  width: number;
  height: number;
}

/** Writes `runs` on the current page as invisible text, each stretched to its box's width. */
export function writeRuns(pdf: jsPDF, font: FontKey, runs: readonly PlacedRun[]): void {
  const pageHeight = pdf.internal.pageSize.getHeight();
  const internal = pdf.internal as unknown as { write: (line: string) => void };
  const n = (v: number) => v.toFixed(2);
  for (const run of runs) {
    const hex = hexOf(run.text);
    const chars = hex.length / 4;
    if (chars === 0 || run.width <= 0 || run.height <= 0) continue;
    const size = run.height * 0.8;
    // Every code is 1 em wide: scale horizontally so the text spans the words' box.
    const scale = (run.width / (chars * size)) * 100;
    const baseline = pageHeight - (run.top + run.height * 0.8);
    internal.write(
      `BT /${font} ${n(size)} Tf 3 Tr ${n(scale)} Tz 1 0 0 1 ${n(run.x)} ${n(baseline)} Tm <${hex}> Tj ET`,
    );
  }
}
