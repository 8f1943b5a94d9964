import { Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useLatest } from '../../lib/useLatest.ts';

interface Keys {
  undo: () => void;
  redo: () => void;
  remove: () => void;
  /** Escape: stop drawing an area or a hole (terra-draw drops the corners placed so far). */
  cancel: () => void;
}

/**
 * Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z (or Ctrl+Y) redo, Delete/Backspace removes the selected point,
 * Escape stops drawing.
 */
export function useEditorKeys(keys: Keys): void {
  const latest = useLatest(keys);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // Typing in a field keeps the field's own undo and delete.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      // An open dialog's keys are its own: an undo or a delete behind a question would change the
      // route it asks about.
      if (document.body.classList.contains(Classes.OVERLAY_OPEN)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') latest.current[e.shiftKey ? 'redo' : 'undo']();
      else if (mod && key === 'y') latest.current.redo();
      else if (e.key === 'Delete' || e.key === 'Backspace') latest.current.remove();
      else if (e.key === 'Escape') latest.current.cancel();
      else return;
      e.preventDefault();
    };
    // Heard on the way down: the map stops some keys (Escape) before they would bubble up.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [latest]);
}
