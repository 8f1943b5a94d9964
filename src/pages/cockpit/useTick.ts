import { useEffect, useState } from 'react';
import { clock } from '../../lib/clock.ts';

/** The clock's time, refreshed every `ms`, for values that age (data age, latency). */
export function useTick(ms: number): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => clock.setInterval(() => setNow(clock.now()), ms), [ms]);
  return now;
}
