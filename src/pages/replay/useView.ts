import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { clock } from '../../lib/clock.ts';
import type { ReplayView } from './replayView.ts';
import { searchOf, viewOf } from './replayView.ts';

/** The view in the address, and how to change it (the address is replaced, not pushed). */
export function useView(): [ReplayView, (next: Partial<ReplayView>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // A preset without instants is computed once, when the address is read.
  const view = useMemo(() => viewOf(new URLSearchParams(search), clock.now()), [search]);
  const change = useCallback(
    (next: Partial<ReplayView>) => setParams(searchOf({ ...view, ...next }), { replace: true }),
    [view, setParams],
  );
  // The address always names its instants, so a link copied from it means this very window.
  useEffect(() => {
    const wanted = searchOf(view);
    if (search !== wanted && (!search.includes('from=') || !search.includes('to=')))
      setParams(wanted, { replace: true });
  }, [search, view, setParams]);
  return [view, change];
}
