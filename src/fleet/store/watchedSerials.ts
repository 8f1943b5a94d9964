/**
 * The serial numbers the bridge watches; telemetry of any other device is ignored, so a project
 * switch cannot bring the previous project's devices back. `null` until the bridge first says.
 */
let accepted: ReadonlySet<string> | null = null;

/** Whether telemetry of `sn` is kept: every device is, until the bridge first says which it watches. */
export function isWatched(sn: string): boolean {
  return accepted === null || accepted.has(sn);
}

/** Watches exactly `sns`; answers false when they are the devices watched already. */
export function watchSerials(sns: readonly string[]): boolean {
  const next = new Set(sns);
  if (accepted !== null && accepted.size === next.size && sns.every((sn) => accepted?.has(sn)))
    return false;
  accepted = next;
  return true;
}

/** Keeps every device again until the bridge says which it watches (on a reset). */
export function forgetWatchedSerials(): void {
  accepted = null;
}
