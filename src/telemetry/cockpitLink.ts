/**
 * The cockpit's link to its dock over the tab's one MQTT connection (the telemetry worker): open a
 * DRC session with a listener for its `drc/up`, send sticks, heartbeats and the emergency stop,
 * close. The running bridge hands its worker over here; the page holds this small object and never
 * sees comlink or the worker.
 */
import { proxy as comlinkProxy } from 'comlink';
import type { DrcOutgoing, DrcUpListener } from '../../protocol/cockpitLink.ts';
import type { DrcSent } from '../../workers/api.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';

export interface CockpitLink {
  /** Opens the session with `dockSn`: each of its `drc/up` messages goes to `listener`. */
  open: (dockSn: string, listener: DrcUpListener) => void;
  /** Sends one `drc/down` message of the open session; rejects while the tab has no link. */
  send: (out: DrcOutgoing) => Promise<DrcSent>;
  close: () => void;
}

/** The worker's calls behind it (the running bridge's worker). */
export type DrcRemote = Pick<TelemetryWorkerHandle['remote'], 'drcOpen' | 'drcSend' | 'drcClose'>;

let remote: DrcRemote | null = null;

const link: CockpitLink = {
  open: (dockSn, listener) => void remote?.drcOpen(dockSn, comlinkProxy(listener)),
  send: (out) =>
    remote === null ? Promise.reject(new Error('no telemetry link')) : remote.drcSend(out),
  close: () => void remote?.drcClose(),
};

/** The cockpit's link; calls made while no bridge runs do nothing (a send rejects). */
export function useCockpitLink(): CockpitLink {
  return link;
}

/** The bridge hands over its worker when it starts … */
export function attachCockpitLink(next: DrcRemote): void {
  remote = next;
}

/** … and takes it back when it stops (unless a newer bridge has attached its own meanwhile). */
export function detachCockpitLink(stopping: DrcRemote): void {
  if (remote === stopping) remote = null;
}
