/** A horizontal band of the capture, in pixels from its top. */
export interface Band {
  top: number;
  height: number;
}

/** A table's header row band and where the table ends: the header repeats on pages it continues onto. */
export interface TableHead extends Band {
  tableBottom: number;
}

/** One page's slice of the capture, with the table header to draw above it when a table continues. */
export interface PageSlice extends Band {
  head?: Band;
}

/** The header of the table that `y` lies inside (below its header row), if any. */
function headAt(heads: readonly TableHead[], y: number): Band | undefined {
  const head = heads.find((h) => y >= h.top + h.height && y < h.tableBottom);
  return head && { top: head.top, height: head.height };
}

/**
 * Cuts a capture `total` pixels tall into pages of at most `page` pixels. Each cut lands on the lowest
 * safe line (a table row's or a block's bottom edge) that fits the page, so no row is split; only
 * content taller than a whole page is cut where the page ends. A page that continues a table repeats
 * its header row (`heads`) and has that much less room. Pure, so it is tested without a browser.
 */
export function planPages(
  total: number,
  page: number,
  safeBreaks: readonly number[],
  heads: readonly TableHead[] = [],
): PageSlice[] {
  if (total <= 0 || page <= 0) return [];
  const breaks = [...new Set(safeBreaks)].filter((y) => y > 0 && y < total).sort((a, b) => a - b);
  const slices: PageSlice[] = [];
  let top = 0;
  while (total - top > 0.5) {
    const head = slices.length === 0 ? undefined : headAt(heads, top);
    // A header taller than half a page is not worth repeating: it would crowd out the rows.
    const repeat = head && head.height < page / 2 ? head : undefined;
    const limit = top + page - (repeat?.height ?? 0);
    const cut = limit >= total ? total : (lastAtOrBelow(breaks, limit, top) ?? limit);
    slices.push(repeat ? { top, height: cut - top, head: repeat } : { top, height: cut - top });
    top = cut;
  }
  return slices;
}

/** The largest break in (`above`, `limit`], if any. */
function lastAtOrBelow(breaks: readonly number[], limit: number, above: number): number | null {
  let found: number | null = null;
  for (const y of breaks) {
    if (y > limit) break;
    if (y > above) found = y;
  }
  return found;
}
