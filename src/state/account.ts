import { proxy, useSnapshot } from 'valtio';
import type {
  Device,
  MenuNode,
  UserInfo,
  WorkspaceNode,
  WorkspaceRef,
} from '../../protocol/http.ts';
import { thingTopic, WATCHED_KINDS } from '../../protocol/mqtt/topics.ts';
import { isRecord, readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

function isWorkspaceRef(value: unknown): value is WorkspaceRef {
  return isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

/** A menu node as components read it from a snapshot (deeply read-only). */
export type MenuView = Readonly<Omit<MenuNode, 'children'>> & {
  readonly children?: readonly MenuView[];
};

/** A workspace node as components read it from a snapshot (deeply read-only). */
export type WorkspaceView = Readonly<Omit<WorkspaceNode, 'children'>> & {
  readonly children?: readonly WorkspaceView[];
};

/** Account state (spec §3). `mqttOnline` is written by the telemetry bridge and read by the top bar. */
export const accountStore = proxy({
  userInfo: null as UserInfo | null,
  permissions: [] as string[],
  /** The role's menu tree; `null` until loaded for this session. */
  menus: null as MenuNode[] | null,
  projects: [] as WorkspaceNode[],
  devices: [] as Device[],
  topics: [] as string[],
  sns: [] as string[],
  mqttOnline: false,
  /** True once user info, menus and workspace are settled for this session. */
  sessionReady: false,
  workspace: readJson(STORAGE_KEYS.workspace, isWorkspaceRef) ?? null,
});

/** Read-only snapshot of the account store for components. */
export function useAccountState() {
  return useSnapshot(accountStore);
}

/** Stores the signed-in user and the permission codes of their role. */
export function setUserInfo(user: UserInfo | null): void {
  accountStore.userInfo = user;
  accountStore.permissions = user?.permissions ?? [];
}

/** Selects the current workspace and saves it. */
export function setWorkspace(ws: WorkspaceRef): void {
  accountStore.workspace = { id: ws.id, name: ws.name, mold_id: ws.mold_id };
  writeJson(STORAGE_KEYS.workspace, accountStore.workspace);
}

/** Stores the device list of the current workspace and the serial numbers and topics it implies. */
export function setDevices(devices: Device[]): void {
  accountStore.devices = devices;
  accountStore.sns = devices.map((d) => d.device_sn);
  accountStore.topics = accountStore.sns.flatMap((sn) =>
    WATCHED_KINDS.map((kind) => thingTopic(sn, kind)),
  );
}

/** Sets the real-time connection state shown in the top bar. */
export function setMqttOnline(online: boolean): void {
  accountStore.mqttOnline = online;
}
