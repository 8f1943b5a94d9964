/**
 * Wires the telemetry bridge to the console's stores. The bridge is one per tab: every caller of
 * {@link useTelemetryBridge} shares it, and it stops when the last one unmounts.
 */
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { API, MOLD_PROJECT } from '../../protocol/http.ts';
import type { MqttConfig } from '../../protocol/http.ts';
import { readDeviceTrack } from '../api/deviceTrack.ts';
import { http } from '../api/http.ts';
import { clientId } from '../lib/storage.ts';
import { accountStore, setMqttOnline } from '../state/account.ts';
import { appStore } from '../state/app.ts';
import { listedSerials, onFleetIndexChange, resetFleet } from '../fleet/fleet.ts';
import type { BridgeInputs } from './bridge.ts';
import { startTelemetryBridge } from './bridge.ts';
import { installProbe } from './frameProbe.ts';

/** The last project the account was in (never `null` once it had one). */
let workspaceId = accountStore.workspace?.id ?? null;
/**
 * The account device list of the previous workspace, until the new one's arrives: the workspace
 * changes at once but its list loads afterwards, and watching the old list meanwhile would bring
 * the previous project's devices back.
 */
let staleSns: readonly string[] | null = null;

/**
 * A new project means a new fleet: the old devices must not linger on the map or stay watched.
 * Only a move from one project to another is a switch. The account passes through "no workspace"
 * while it loads, and a page may already have read the device list of the project it then settles
 * on: forgetting the fleet there wiped that list (a cockpit opened straight after signing in said
 * its dock did not exist).
 */
function forgetFleetOnWorkspaceChange(): void {
  const next = accountStore.workspace?.id ?? null;
  if (next === null || next === workspaceId) return;
  const switched = workspaceId !== null;
  workspaceId = next;
  if (!switched) return;
  staleSns = accountStore.sns;
  resetFleet();
}

/**
 * The account list's serial numbers of the current workspace, unless the list is still the previous
 * workspace's. The list may hold more than the project (the server answers it for the caller's whole
 * scope), so a project keeps only its own devices.
 */
function accountSerials(): readonly string[] {
  if (staleSns !== null && accountStore.sns === staleSns) return [];
  staleSns = null;
  const workspace = accountStore.workspace;
  if (workspace?.mold_id !== MOLD_PROJECT) return accountStore.sns;
  return accountStore.devices
    .filter((device) => device.workspace_id === workspace.id)
    .map((device) => device.device_sn);
}

const accountInputs: BridgeInputs = {
  token: () => appStore.authorization?.token ?? null,
  clientId,
  // The account list holds one page (spec: 100); the workbench loads the whole project's fleet.
  serials: () => [...new Set([...accountSerials(), ...listedSerials()])],
  watch: (listener) => {
    const offApp = subscribe(appStore, listener);
    const offAccount = subscribe(accountStore, () => {
      forgetFleetOnWorkspaceChange();
      listener();
    });
    const offFleet = onFleetIndexChange(listener);
    return () => {
      offApp();
      offAccount();
      offFleet();
    };
  },
  loadConfig: () => http.get<MqttConfig>(API.mqttConfig),
  refresh: () => http.refresh(),
  setOnline: setMqttOnline,
  // Read here, not in the worker: the histories and the token's refresh live on this thread.
  readTrack: readDeviceTrack,
};

let users = 0;
let stop: (() => void) | null = null;

/** Keeps the tab's telemetry bridge running while the calling component is mounted. */
export function useTelemetryBridge(): void {
  useEffect(() => {
    users += 1;
    if (stop === null) {
      void installProbe();
      stop = startTelemetryBridge(accountInputs);
    }
    return () => {
      users -= 1;
      if (users > 0 || stop === null) return;
      stop();
      stop = null;
    };
  }, []);
}
