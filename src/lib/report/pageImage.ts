import type { PageSlice } from './pagePlan.ts';

/**
 * One page of the capture as a JPEG (quality 1, spec §9): the table header to repeat, if any, then the
 * page's slice, on white. Bands are in canvas pixels.
 */
export function pageImage(canvas: HTMLCanvasElement, slice: PageSlice): string {
  const headHeight = Math.round(slice.head?.height ?? 0);
  const page = document.createElement('canvas');
  page.width = canvas.width;
  page.height = Math.max(1, headHeight + Math.round(slice.height));
  const ctx = page.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width, page.height);
    const copy = (top: number, height: number, at: number) => {
      const rows = Math.round(height);
      ctx.drawImage(canvas, 0, Math.round(top), page.width, rows, 0, at, page.width, rows);
    };
    if (slice.head) copy(slice.head.top, slice.head.height, 0);
    copy(slice.top, slice.height, headHeight);
  }
  return page.toDataURL('image/jpeg', 1);
}
