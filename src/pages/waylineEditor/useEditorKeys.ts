import { useEffect } from 'react';
import { useLatest } from './useLatest.ts';

interface Keys {
  undo: () => void;
  redo: () => void;
  remove: () => void;
}

/** Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z (or Ctrl+Y) redo, Delete/Backspace removes the selected point. */
export function useEditorKeys(keys: Keys): void {
  const latest = useLatest(keys);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Typing in a field keeps the field's own undo and delete.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') latest.current[e.shiftKey ? 'redo' : 'undo']();
      else if (mod && key === 'y') latest.current.redo();
      else if (e.key === 'Delete' || e.key === 'Backspace') latest.current.remove();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);
}
