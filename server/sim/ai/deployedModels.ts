/**
 * The detection model each simulated aircraft runs, by aircraft serial number: its on-board model
 * store. The simulated dock sets it when a deploy succeeds and clears it on an undeploy
 * (simModelDeploy.ts); the detector (sensors.ts) reads it. Serial numbers are unique within a fleet,
 * and a test's fleet has its own prefix.
 *
 * A real aircraft keeps its model through a power cycle. The simulator does too when it is given an
 * `OnboardStore` (the server's database for the in-process fleet, onboardDbStore.ts): every change
 * is written through, and a fleet that starts again loads what its aircraft ran.
 */

export interface SimModel {
  modelId: number;
  name: string;
  version: string;
  classes: readonly string[];
  /** Detections below this confidence are not reported. */
  threshold: number;
}

/** Where the on-board models outlive the simulator process. */
export interface OnboardStore {
  load(aircraftSns: readonly string[]): Promise<Map<string, SimModel>>;
  save(aircraftSn: string, model: SimModel | null): Promise<void>;
}

const running = new Map<string, SimModel>();
const stores = new Map<string, OnboardStore>();
/** Aircraft changed since their fleet started loading: what the store held then is older. */
const touched = new Set<string>();

/** What `aircraftSn` runs, or undefined: an aircraft without a model detects nothing. */
export function deployedModel(aircraftSn: string): SimModel | undefined {
  return running.get(aircraftSn);
}

/** Loads the model, or drops it (null); written through to the aircraft's store, if any. */
export function setDeployedModel(aircraftSn: string, model: SimModel | null): Promise<void> {
  if (model) running.set(aircraftSn, model);
  else running.delete(aircraftSn);
  touched.add(aircraftSn);
  // A failed write costs the model only at the next start, as a failing flash would; the
  // aircraft runs it now either way, so the deploy is not failed for it.
  return (
    stores
      .get(aircraftSn)
      ?.save(aircraftSn, model)
      .catch(() => undefined) ?? Promise.resolve()
  );
}

/**
 * Powers the aircraft on with `store`: what each ran before comes back (unless a deploy or undeploy
 * already arrived meanwhile). Resolves once loaded.
 */
export async function bootAircraft(aircraftSns: readonly string[], store: OnboardStore) {
  for (const sn of aircraftSns) {
    stores.set(sn, store);
    touched.delete(sn);
  }
  const saved = await store.load(aircraftSns);
  for (const [sn, model] of saved) if (!touched.has(sn)) running.set(sn, model);
}

/** Powers the aircraft off: the process forgets their models (their store keeps them). */
export function shutDownAircraft(aircraftSns: readonly string[]): void {
  for (const sn of aircraftSns) {
    running.delete(sn);
    stores.delete(sn);
    touched.delete(sn);
  }
}
