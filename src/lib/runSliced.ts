/**
 * Long main-thread work (a PDF report of hundreds of bands) cut into slices: the work is a generator
 * that yields between steps, and every {@link SLICE_MS} of it the page gets a turn (input, paint, a
 * spinner) before the next slice. A report then takes as long as before without freezing the page.
 */
import { clock } from './clock.ts';

/** Main-thread time one slice may take: under the 50 ms a task may take before it feels stuck. */
export const SLICE_MS = 40;

/** Resolves on a later task, after whatever the page has waiting. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimeout(resolve, 0);
  });
}

/** Runs `steps` to its end, letting the page work every `sliceMs` of it. */
export async function runSliced(steps: Iterator<unknown>, sliceMs = SLICE_MS): Promise<void> {
  let sliceStart = clock.now();
  while (steps.next().done !== true) {
    if (clock.now() - sliceStart >= sliceMs) {
      await nextTask();
      sliceStart = clock.now();
    }
  }
}
