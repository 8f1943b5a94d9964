import { useEffect } from 'react';
import { Classes } from '@blueprintjs/core';
import { useAppState } from '../state/app.ts';

/** Puts Blueprint's dark class on the page while the dark theme (the default) is chosen. */
export function useThemeClass(): void {
  const { theme } = useAppState();
  useEffect(() => {
    for (const el of [document.documentElement, document.body]) {
      el.classList.toggle(Classes.DARK, theme === 'dark');
    }
  }, [theme]);
}
