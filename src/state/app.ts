import { proxy, useSnapshot } from 'valtio';
import type { Device } from '../../protocol/http.ts';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage.ts';
import { loadAuthorization, saveAuthorization, type Authorization } from './authorization.ts';

export type DeviceType = 'desktop' | 'mobile';
export type Theme = 'dark' | 'light';

interface AppState {
  authorization: Authorization | null;
  collapse: boolean;
  onlineDevices: Device[];
  onlineGateways: Device[];
  deviceType: DeviceType;
  theme: Theme;
}

/** Application state (spec §3): authorization, sidebar, online devices and gateways, device type. */
export const appStore = proxy<AppState>({
  authorization: loadAuthorization(),
  collapse: readText(STORAGE_KEYS.collapse) === '1',
  onlineDevices: [],
  onlineGateways: [],
  deviceType: 'desktop',
  theme: readText(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark',
});

/** Read-only snapshot of the app store for components. */
export function useAppState() {
  return useSnapshot(appStore);
}

/** Replaces the authorization and persists it. */
export function setAuthorization(auth: Authorization | null): void {
  appStore.authorization = auth;
  saveAuthorization(auth);
}

/** Sets the sidebar collapse flag and persists it. */
export function setCollapse(collapse: boolean): void {
  appStore.collapse = collapse;
  writeText(STORAGE_KEYS.collapse, collapse ? '1' : '0');
}

/** Switches the colour theme and persists the choice. */
export function setTheme(theme: Theme): void {
  appStore.theme = theme;
  writeText(STORAGE_KEYS.theme, theme);
}

/** Stores the online device and gateway lists (the telemetry bridge feeds these). */
export function setOnlineDevices(devices: Device[], gateways: Device[]): void {
  appStore.onlineDevices = devices;
  appStore.onlineGateways = gateways;
}
