import {
  DRC_API,
  type DrcCommandInput,
  type DrcCommandResult,
  type DrcGuardSettings,
  type DrcSession,
  type DrcStatus,
} from '../../protocol/drc.ts';
import { http } from './http.ts';

/** Who holds a dock's cockpit, if anyone. Polled, so a failure is not toasted each time. */
export const fetchDrcStatus = (dockSn: string) =>
  http.request<DrcStatus>('GET', DRC_API.status, { query: { dock_sn: dockSn }, quiet: true });

/** Takes control of a dock's aircraft; refusals (held, busy, offline) come back as an ApiError. */
export const enterDrc = (workspaceId: number, dockSn: string) =>
  http.post<DrcSession>(DRC_API.enter, { workspace_id: workspaceId, dock_sn: dockSn });

/** Gives control back; `quiet` when the page leaves anyway and a refusal would only be noise. */
export const exitDrc = (dockSn: string, quiet = false) =>
  http.request<DrcStatus>('POST', DRC_API.exit, { body: { dock_sn: dockSn }, quiet });

/**
 * Gives control back while the tab closes: a keep-alive request outlives the page, and unlike
 * `sendBeacon` it can carry the bearer token the route needs. Nothing can be done with the answer.
 */
export function exitDrcOnUnload(dockSn: string): void {
  void http
    .raw('POST', DRC_API.exit, { body: { dock_sn: dockSn }, keepalive: true })
    .catch(() => undefined);
}

/** Sends one cockpit service (take-off, fly-to, return home, camera…) and answers the dock's reply. */
export const sendDrcCommand = (input: DrcCommandInput) =>
  http.post<DrcCommandResult>(DRC_API.command, input);

/** The signed-in user's latency-guard thresholds (the defaults before the first save). */
export const fetchGuardSettings = () =>
  http.request<DrcGuardSettings>('GET', DRC_API.guard, { quiet: true });

/** Saves the signed-in user's latency-guard thresholds; a 400 names the refused field. */
export const saveGuardSettings = (settings: DrcGuardSettings) =>
  http.request<DrcGuardSettings>('POST', DRC_API.guard, { body: settings, quiet: true });
