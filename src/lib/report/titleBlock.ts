import type { ReportMeta } from './reportMeta.ts';

function element(doc: Document, tag: string, className: string, text = ''): HTMLElement {
  const el = doc.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/**
 * The report's title block (system, title, then project / who / when), built with text nodes only so
 * that no name from the database is ever read as markup. It is drawn by the browser inside the
 * capture, because the PDF's own fonts have no Chinese glyphs.
 */
export function titleBlock(doc: Document, meta: ReportMeta): HTMLElement {
  const head = element(doc, 'header', 'sd-report-head');
  head.append(
    element(doc, 'div', 'sd-report-head__system', meta.system),
    element(doc, 'h1', 'sd-report-head__title', meta.title),
  );
  const facts = element(doc, 'dl', 'sd-report-head__facts');
  for (const [label, value] of meta.facts) {
    facts.append(element(doc, 'dt', '', label), element(doc, 'dd', '', value));
  }
  head.append(facts);
  return head;
}
