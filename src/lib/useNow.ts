import { useEffect, useState } from 'react';
import { clock } from './clock.ts';

/** The clock's time, refreshed every `intervalMs`: for data ages and charts that move with time. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => clock.setInterval(() => setNow(clock.now()), intervalMs), [intervalMs]);
  return now;
}
