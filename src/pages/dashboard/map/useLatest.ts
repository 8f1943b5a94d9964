import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * A ref that always holds the latest `value`, for map handlers bound once per map: they call the
 * current callback without being unbound and bound again on every render.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
