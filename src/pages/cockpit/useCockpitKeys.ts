/**
 * Keyboard for the pilot: stick keys go to the stick loop, Space asks for the emergency stop. The
 * sticks centre when the window loses focus or the tab is hidden: a key released elsewhere would
 * otherwise never be seen and the aircraft would keep going.
 */
import { useEffect } from 'react';
import type { StickLoop } from '../../lib/sticks/stickLoop.ts';

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useCockpitKeys(sticks: StickLoop, active: boolean, onSpace: () => void): void {
  useEffect(() => {
    if (!active) return;
    const down = (event: KeyboardEvent): void => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.code === 'Space') {
        event.preventDefault();
        // Nor may Space press whatever button has focus (take-off, after its dialog closed).
        if (document.activeElement instanceof HTMLButtonElement) document.activeElement.blur();
        if (!event.repeat) onSpace();
        return;
      }
      if (sticks.press(event.code)) event.preventDefault();
    };
    const up = (event: KeyboardEvent): void => {
      // A focused button activates on Space's key-up; here Space means the emergency stop only.
      if (event.code === 'Space' && !isTyping(event.target)) event.preventDefault();
      sticks.lift(event.code);
    };
    const release = (): void => sticks.release();
    const hidden = (): void => {
      if (document.visibilityState === 'hidden') sticks.release();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', release);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', release);
      document.removeEventListener('visibilitychange', hidden);
      sticks.release();
    };
  }, [sticks, active, onSpace]);
}
