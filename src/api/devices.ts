import {
  API,
  type Device,
  type DeviceAdded,
  type Page,
  type RowsPage,
} from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** Spec §9: the account device list loads 100 at once. */
export const DEVICE_PAGE_SIZE = 100;

/** A page of devices of a workspace. */
export const listDevices = (query: Query) => http.get<Page<Device>>(API.deviceList, query);

/** The devices of the account's current workspace (the older `rows` shape of the spec). */
export const listAccountDevices = (workspaceId: number) =>
  http.get<RowsPage<Device>>(API.deviceAccountList, {
    workspace_id: workspaceId,
    pageIndex: 1,
    pageSize: DEVICE_PAGE_SIZE,
  });

/** Online devices among the given serial numbers (sent as a JSON string array). */
export const listOnlineDevices = (sns: string[]) =>
  http.get<Device[]>(API.deviceOnlineList, { sns: JSON.stringify(sns) });

/** One device's details. */
export const fetchDeviceInfo = (query: Query) => http.get<Device>(API.deviceInfo, query);

/** Binds a device; the answer carries the one-time device secret. */
export const addDevice = (body: Partial<Device>) => http.post<DeviceAdded>(API.deviceAdd, body);

/** Edits a device. */
export const editDevice = (body: Partial<Device>) => http.post<Device>(API.deviceEdit, body);

/** Unbinds a device (body: workspace_id plus fields). */
export const deleteDevice = (workspaceId: number, body: { device_sn: string }) =>
  http.post<null>(API.deviceDel, { workspace_id: workspaceId, ...body });

/** Live stream details of a device. */
export const fetchLiveInfo = (query: Query) => http.get<unknown>(API.liveInfo, query);
