import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The inner width of `ref`'s element, px, kept current as it resizes (window, sidebar folding). Until
 * the element is measured it answers `fallback`; the first measurement lands before the first paint.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width ?? fallback;
}
