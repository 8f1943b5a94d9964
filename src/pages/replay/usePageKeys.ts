import { useEffect, useRef } from 'react';

/** Keys of the timeline for the whole page, unless focus is where typing happens. */
export function usePageKeys(handle: (e: KeyboardEvent) => boolean) {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  }, [handle]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (el?.closest('input, textarea, select, [contenteditable="true"], .bp6-overlay')) return;
      // Space on a focused button presses that button.
      if (e.key === ' ' && el?.closest('button, a, [role="menuitem"]')) return;
      if (latest.current(e)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
