/**
 * Test-only latency injection: extra delay per simulated dock on everything it sends on `drc/up`,
 * also added to the `sdr_cmd_delay` it reports. Set through `POST /api/drc/test/delay`, which exists
 * only with `DRC_TEST_HOOKS=1`. Process-wide because the simulator runs inside the server process.
 */

const extra = new Map<string, number>();

/** Sets the extra delay of `dockSn`, ms (0 removes it). */
export function setDrcExtraDelay(dockSn: string, ms: number): void {
  if (ms > 0) extra.set(dockSn, ms);
  else extra.delete(dockSn);
}

/** The extra delay of `dockSn`, ms. */
export function drcExtraDelay(dockSn: string): number {
  return extra.get(dockSn) ?? 0;
}
