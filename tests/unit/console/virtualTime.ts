/**
 * Virtual time for a suite of console unit tests: a fresh {@link VirtualClock} is the console's clock
 * during each test and the real one again after it. Read it through the getter, inside tests.
 */
import { afterEach, beforeEach } from 'vitest';
import { installClock } from '../../../src/lib/clock.ts';
import { VirtualClock } from '../../../src/lib/virtualClock.ts';

export function useVirtualClock(): () => VirtualClock {
  let clock: VirtualClock | null = null;
  let restore = (): void => undefined;
  beforeEach(() => {
    clock = new VirtualClock();
    restore = installClock(clock);
  });
  afterEach(() => {
    restore();
    clock = null;
  });
  return () => {
    if (clock === null) throw new Error('virtual time is read inside a test only');
    return clock;
  };
}
