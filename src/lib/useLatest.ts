import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/**
 * A ref holding the latest `value`, for handlers bound once (map events, window keys, the worker's
 * feeds): they call the current callback without being unbound and bound again on every render.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
