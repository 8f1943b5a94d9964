import { useCallback, useEffect, useState } from 'react';
import type { MenuNode } from '../../../protocol/http.ts';
import { listMenus } from '../../api/menus.ts';

/**
 * The whole menu tree: `null` before the first answer, `'error'` when the last load failed. A reload
 * keeps the rows on screen and sets `loading` until the new answer arrives.
 */
export function useMenuTree() {
  const [tree, setTree] = useState<MenuNode[] | null | 'error'>(null);
  const [nonce, setNonce] = useState(0);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    // A reload started after this one wins; the older answer is dropped.
    let current = true;
    listMenus()
      .then(
        (menus) => current && setTree(menus),
        () => current && setTree('error'),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [nonce]);
  const reload = useCallback(() => {
    setLoading(true);
    setNonce((n) => n + 1);
  }, []);
  return { tree, loading, reload };
}
