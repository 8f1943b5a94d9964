import type { TableHead } from './pagePlan.ts';
import type { ReportMeta } from './reportMeta.ts';
import { titleBlock } from './titleBlock.ts';

/**
 * Marks for pages: `data-report="hide"` leaves an element out of reports, `data-report="expand"`
 * lets a scrolled box grow to show all of its content. Buttons, inputs and selects, search forms,
 * toolbars and paging are left out without marks; `data-report="keep"` keeps a button that carries
 * content (a list row drawn as a button). `data-report="keep-height"` holds a box at its on-screen
 * height, for content that is a picture of that size (a map) in a layout that would otherwise
 * shrink once the report lets the page grow to its content.
 */
export const REPORT_ATTR = 'data-report';
const ROOT_ATTR = 'data-report-root';
const DARK_CLASS = 'bp6-dark';

// A report is a light document whichever theme the console shows: printed and shared, it must read
// as dark text on white. Controls say nothing on paper, so they go.
const REPORT_CSS = `
[${ROOT_ATTR}] {
  background: #fff !important;
  color: #1c2127 !important;
  padding: 24px !important;
  height: auto !important;
  max-height: none !important;
  overflow: visible !important;
}
[${ROOT_ATTR}] [${REPORT_ATTR}="hide"],
[${ROOT_ATTR}] button:not([${REPORT_ATTR}="keep"]),
[${ROOT_ATTR}] .bp6-button:not([${REPORT_ATTR}="keep"]),
[${ROOT_ATTR}] .bp6-button-group,
[${ROOT_ATTR}] .bp6-input-group,
[${ROOT_ATTR}] .bp6-html-select,
[${ROOT_ATTR}] .sd-search-form,
[${ROOT_ATTR}] .sd-table-toolbar,
[${ROOT_ATTR}] .sd-pagination,
[${ROOT_ATTR}] .sd-table-overlay,
[${ROOT_ATTR}] [role="toolbar"] {
  display: none !important;
}
[${ROOT_ATTR}] [${REPORT_ATTR}="expand"],
[${ROOT_ATTR}] .sd-table-body {
  height: auto !important;
  max-height: none !important;
  overflow: visible !important;
}
[${ROOT_ATTR}] .sd-table td { white-space: normal !important; }
/* html2canvas paints a box-shadow through a mask as large as the capture but placed at the page's
   origin, not at the captured element: for a page away from the top-left corner (beside the menu,
   below the tag bar) the shadow covers the right and bottom part of every card as a grey band.
   Paper needs no shadows; a card keeps its edge as a thin border. */
[${ROOT_ATTR}],
[${ROOT_ATTR}] * {
  box-shadow: none !important;
}
[${ROOT_ATTR}] .bp6-card { border: 1px solid #d3d8de !important; }
.sd-report-head {
  margin: 0 0 20px;
  padding: 0 0 12px;
  border-bottom: 2px solid #2d72d2;
  color: #1c2127;
}
.sd-report-head__system { font-size: 13px; color: #5f6b7c; }
.sd-report-head__title { margin: 4px 0 10px; font-size: 24px; font-weight: 600; line-height: 1.3; }
.sd-report-head__facts {
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;
  font-size: 13px;
}
.sd-report-head__facts dt { color: #5f6b7c; }
.sd-report-head__facts dd { margin: 0; }
`;

/** Where the report may be cut into pages, in CSS pixels from the top of the captured root. */
export interface ReportLayout {
  /** Lines where a page may end without cutting a row or a block. */
  breaks: number[];
  /** Table header rows, repeated on the pages a table continues onto. */
  heads: TableHead[];
}

function layoutOf(root: HTMLElement): ReportLayout {
  const top = root.getBoundingClientRect().top;
  const edges = root.querySelectorAll('tr, .sd-report-head, :scope > *, :scope > * > *');
  const heads = Array.from(root.querySelectorAll('table'), (table): TableHead | null => {
    const head = table.tHead?.getBoundingClientRect();
    if (!head || head.height === 0) return null;
    const tableBottom = table.getBoundingClientRect().bottom - top;
    return { top: head.top - top, height: head.height, tableBottom };
  });
  return {
    breaks: Array.from(edges, (el) => el.getBoundingClientRect().bottom - top),
    heads: heads.filter((h): h is TableHead => h !== null),
  };
}

/**
 * Turns the capture's cloned document into a report: light theme, controls hidden, scrolled boxes
 * expanded, the title block on top. Answers where the result may be cut into pages.
 */
export function prepareReport(doc: Document, root: HTMLElement, meta: ReportMeta): ReportLayout {
  // Read before the report's style changes the layout: the clone is laid out like the live page.
  const pinned = Array.from(
    root.querySelectorAll<HTMLElement>(`[${REPORT_ATTR}="keep-height"]`),
    (el) => [el, el.getBoundingClientRect().height] as const,
  );
  doc.documentElement.classList.remove(DARK_CLASS);
  doc.body.classList.remove(DARK_CLASS);
  doc.querySelectorAll(`.${DARK_CLASS}`).forEach((el) => el.classList.remove(DARK_CLASS));
  const style = doc.createElement('style');
  style.textContent = REPORT_CSS;
  doc.head.appendChild(style);
  for (const [el, height] of pinned) el.style.setProperty('height', `${height}px`, 'important');
  root.setAttribute(ROOT_ATTR, '');
  root.prepend(titleBlock(doc, meta));
  return layoutOf(root);
}
