import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** A ref holding the latest `value`, for handlers bound once (map events, window keys). */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
