import type { ReactNode } from 'react';
import { useAccountState } from '../../state/account.ts';

/** True when the signed-in user's permission list holds `code`. */
export function usePermission(code: string): boolean {
  const { permissions } = useAccountState();
  return permissions.includes(code);
}

/** Renders its children only when the user holds `code`; otherwise the element is not there at all. */
export function Permission({ code, children }: { code: string; children: ReactNode }) {
  return usePermission(code) ? children : null;
}
