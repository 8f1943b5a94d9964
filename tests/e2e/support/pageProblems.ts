import type { Page } from 'playwright-core';
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

/** What is wrong with the page on screen: overflow and key-looking texts. */
export async function pageProblems(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => {
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
      if (parent.offsetParent === null && getComputedStyle(parent).position !== 'fixed') continue;
      texts.push(text);
    }
    const attributes = [
      ...document.querySelectorAll('[placeholder], [aria-label], [title]'),
    ].flatMap((el) =>
      ['placeholder', 'aria-label', 'title']
        .map((name) => el.getAttribute(name)?.trim() ?? '')
        .filter((v) => v !== ''),
    );
    return { overflow, texts: [...texts, ...attributes] };
  });
  return [...seen.overflow, ...seen.texts.filter(looksLikeKey).map((t) => `key shown: ${t}`)];
}
