import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { resources } from '../../../src/i18n/resources.ts';

/** Every key path of every namespace (`picker.title`), which is what i18next shows for a miss. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return prefix === '' ? [] : [prefix];
  return Object.entries(node).flatMap(([key, value]) =>
    keyPaths(value, prefix === '' ? key : `${prefix}.${key}`),
  );
}
const KNOWN_KEYS = new Set(
  Object.values(resources['zh-CN']).flatMap((namespace) => keyPaths(namespace)),
);

/**
 * Text that reads as an i18n key rather than words: a known key path, or a dotted camel-case path
 * (`picker.noneReady`) or a namespaced one (`common:retry`) that no file name explains.
 */
export function looksLikeKey(text: string): boolean {
  if (KNOWN_KEYS.has(text) && /[.A-Z_]/.test(text.slice(1))) return true;
  if (/^[a-z][A-Za-z0-9]*:[a-z][A-Za-z0-9_.]*$/.test(text)) return true;
  if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9_]*)+$/.test(text)) return false;
  return !/\.(pdf|kmz|kml|csv|json|geojson|jpe?g|png|mp4|onnx|zip|txt|com|cn|org)$/i.test(text);
}

/** One look at the page: what is wrong with it, and whether it says it is still busy. */
export interface PageLook {
  problems: string[];
  /** Why the page is not done yet (a spinner, a busy region, fonts…); empty when it is. */
  busy: string[];
}

/** Looks at the page on screen once: overflow, key-looking texts and the page's own busy signs. */
export async function lookAtPage(page: Page): Promise<PageLook> {
  const seen = await page.evaluate(() => {
    const drawn = (el: Element): boolean => el.getClientRects().length > 0;
    const busy: string[] = [];
    if (document.readyState !== 'complete') busy.push(`document ${document.readyState}`);
    if (document.fonts.status !== 'loaded') busy.push('fonts loading');
    // The console's own loading signs: the route mask, Blueprint spinners and skeletons, and the
    // tables that mark their body aria-busy while a page of rows loads.
    for (const selector of [
      '.sd-loading-mask',
      '.bp6-spinner',
      '.bp6-skeleton',
      '[aria-busy="true"]',
    ])
      if ([...document.querySelectorAll(selector)].some(drawn)) busy.push(selector);

    const overflow: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      overflow.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const box of document.querySelectorAll<HTMLElement>('.sd-page')) {
      if (box.offsetParent === null) continue;
      if (box.scrollWidth > box.clientWidth + 1)
        overflow.push(`.sd-page ${box.scrollWidth} > ${box.clientWidth}`);
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null || parent.closest('script, style') !== null) continue;
      const style = getComputedStyle(parent);
      if (parent.offsetParent === null && style.position !== 'fixed') continue;
      // A code the page sets apart as code on purpose (a route name in the menu table's name
      // column, a serial number) is data shown as such, not a key standing in for words.
      if (parent.closest('code, kbd, samp') !== null) continue;
      texts.push(text);
    }
    const attributes = [
      ...document.querySelectorAll('[placeholder], [aria-label], [title]'),
    ].flatMap((el) =>
      ['placeholder', 'aria-label', 'title']
        .map((name) => el.getAttribute(name)?.trim() ?? '')
        .filter((v) => v !== ''),
    );
    return { busy, overflow, texts: [...texts, ...attributes] };
  });
  return {
    problems: [...seen.overflow, ...seen.texts.filter(looksLikeKey).map((t) => `key shown: ${t}`)],
    busy: seen.busy,
  };
}

/** What is wrong with the page on screen right now: overflow and key-looking texts. */
export async function pageProblems(page: Page): Promise<string[]> {
  return (await lookAtPage(page)).problems;
}

/**
 * Time between two looks at a page. Two looks this far apart that agree, with nothing loading,
 * mean the page has finished drawing; a look taken mid-layout rarely survives that long.
 */
const LOOK_INTERVAL_MS = 150;

/**
 * What is wrong with the page once it has settled: looks again and again until nothing on it says
 * it is loading and two looks in a row find the same problems, then answers those. One look right
 * after a page opens catches it half drawn: a table still waiting for its rows has none of their
 * problems yet, and an overflow that lasts one layout pass is not one a person sees.
 *
 * A page that has not settled by the suite's poll ceiling answers what it shows then, plus what kept
 * it busy: a problem that stays is reported either way. Requests in flight are not waited for: map
 * pages fetch large base layers and poll on a timer, none of which draws text; the data that does
 * comes with the page's own loading signs (see `lookAtPage`).
 */
export async function settledPageProblems(page: Page): Promise<string[]> {
  let last: PageLook | undefined;
  let previous: string | undefined;
  const settled = async (): Promise<boolean> => {
    const look = await lookAtPage(page);
    last = look;
    const seen = look.busy.length > 0 ? undefined : JSON.stringify(look.problems);
    const same = seen !== undefined && seen === previous;
    previous = seen;
    return same;
  };
  try {
    await expect.poll(settled, { interval: LOOK_INTERVAL_MS }).toBe(true);
  } catch (error) {
    // Not settled within the ceiling: answer what the page shows now, below. Only a page that could
    // not be looked at even once (closed, crashed) leaves nothing to answer.
    if (last === undefined) throw error;
  }
  if (last === undefined) throw new Error('the page was never looked at');
  return last.busy.length === 0
    ? last.problems
    : [...last.problems, `still loading at the poll ceiling: ${last.busy.join(', ')}`];
}
