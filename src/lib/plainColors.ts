// html2canvas 1.4 reads computed styles and throws on CSS Color 4 functions, which Blueprint 6 uses
// (oklch). Before the capture, every such colour in the clone is rewritten as an rgba() it can read:
// inline on elements, and through one added style sheet for ::before/::after.

const MODERN_COLOR = /\b(?:oklch|oklab|lab|lch|color)\([^()]*\)/g;
const COLOR_LIKE = /color|shadow|image|^fill$|^stroke$/;
const PSEUDOS = ['::before', '::after'] as const;
const MARK = 'data-pdf-color';

/** Resolves any CSS colour to `rgba(…)` by painting one pixel with it. */
function colorResolver(doc: Document): (css: string) => string {
  const canvas = doc.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const cache = new Map<string, string>();
  return (css) => {
    const known = cache.get(css);
    if (known !== undefined || !ctx) return known ?? 'transparent';
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    const rgba = `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`;
    cache.set(css, rgba);
    return rgba;
  };
}

/** The `prop: value` pairs of `style` whose values use a modern colour function, rewritten. */
function rewritten(style: CSSStyleDeclaration, props: string[], resolve: (css: string) => string) {
  const out: [string, string][] = [];
  for (const prop of props) {
    const value = style.getPropertyValue(prop);
    if (value.search(MODERN_COLOR) >= 0) out.push([prop, value.replace(MODERN_COLOR, resolve)]);
  }
  return out;
}

/** Rewrites every modern colour function in the computed styles under `root` (a cloned page). */
export function flattenModernColors(root: HTMLElement): void {
  const doc = root.ownerDocument;
  const view = doc.defaultView;
  if (!view) return;
  const resolve = colorResolver(doc);
  const props = Array.from(view.getComputedStyle(root)).filter(
    (p) => !p.startsWith('--') && COLOR_LIKE.test(p),
  );
  const rules: string[] = [];
  Array.from(root.querySelectorAll<HTMLElement>('*')).forEach((el, index) => {
    for (const [prop, value] of rewritten(view.getComputedStyle(el), props, resolve)) {
      el.style.setProperty(prop, value, 'important');
    }
    for (const pseudo of PSEUDOS) {
      const pairs = rewritten(view.getComputedStyle(el, pseudo), props, resolve);
      if (pairs.length === 0) continue;
      el.setAttribute(MARK, String(index));
      const body = pairs.map(([p, v]) => `${p}: ${v} !important;`).join(' ');
      rules.push(`[${MARK}="${index}"]${pseudo} { ${body} }`);
    }
  });
  const sheet = doc.createElement('style');
  sheet.textContent = rules.join('\n');
  doc.head.appendChild(sheet);
}
