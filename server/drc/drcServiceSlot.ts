import type { DrcService } from './drcService.ts';

/**
 * Where the DRC routes (and tests that drive its clock) find the app's service. The composition
 * root starts the service before the routes are registered and empties the slot as it closes. One
 * slot per app, in its deps.
 */
export class DrcServiceSlot {
  private service: DrcService | null = null;

  /** Makes `service` the app's (null: none running). */
  set(service: DrcService | null): void {
    this.service = service;
  }

  /** The running service, if any. */
  get(): DrcService | undefined {
    return this.service ?? undefined;
  }
}
