import { useSyncExternalStore } from 'react';

// Spec: narrower than 768 px the sidebar leaves the page (it opens as a drawer) and the top bar folds.
const NARROW_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True while the window is narrower than 768 px. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}
