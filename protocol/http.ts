/**
 * The HTTP contract between the console and the server: the envelope every response uses, the paths,
 * and the shapes that cross the wire. Imported by `src/` and `server/`; imports nothing of theirs.
 */

/** 200: success. 100: an error the user should read (`msg` says why; the HTTP status says what kind). */
export type ResultCode = 200 | 100;
export const CODE_OK = 200;
export const CODE_ERROR = 100;

export interface Envelope<T> {
  code: ResultCode;
  data: T;
  msg: string;
}

/** What a paged list answers inside `data`. Queries take `current` (1-based) and `size`. */
export interface Page<T> {
  data: T[];
  total: number;
}

/** The account device list keeps the older `pageIndex`/`pageSize` → `rows` shape of the spec. */
export interface RowsPage<T> {
  rows: T[];
  total: number;
}

/** Every route of the console's API. Spec §7 paths are kept exactly (two of them lack the leading slash there; the client resolves both against `/`). */
export const API = {
  login: '/api/login',
  authorizations: '/api/authorizations',
  userInfo: '/api/userinfo',
  roleMenuList: '/api/role/menu/list',
  roleMenuUpdate: '/api/role/menu/update',
  rolesList: '/api/roles/list',
  rolesAdd: '/api/roles/add',
  rolesUpdate: '/api/roles/update',
  rolesDel: '/api/roles/del',
  workspaceList: '/api/workspace/list',
  workspaceTree: '/api/workspace/tree',
  workspaceAdd: '/api/workspace/add',
  workspaceDel: '/api/workspace/del',
  workspaceEdit: '/api/workspace/edit',
  workspaceInfo: '/api/workspaceInfo',
  deviceList: '/api/device/list',
  deviceInfo: '/api/deviceinfo',
  deviceOnlineList: '/api/device/onlineList',
  deviceAccountList: '/api/device/accountList',
  deviceAdd: '/api/device/add',
  deviceEdit: '/api/device/edit',
  deviceDel: '/api/device/del',
  liveInfo: '/api/liveInfo',
  userList: '/api/user/list',
  userAdd: '/api/user/add',
  userEdit: '/api/user/edit',
  userDel: '/api/user/del',
  userResetPassword: '/api/user/resetPassword',
  userChangePassword: '/api/user/changePassword',
  userProfile: '/api/user/profile',
  userCheckPassword: '/api/user/checkPassword',
  menuList: '/api/menu/list',
  menuAdd: '/api/menu/add',
  menuEdit: '/api/menu/edit',
  menuDel: '/api/menu/del',
  logsList: '/api/logs/list',
  logsExport: '/api/logs/export',
  mqttConfig: '/api/mqtt/config',
  docs: '/api/docs',
} as const;

/** `mold_id` of a workspace node: an organisation groups projects; devices and tasks live in projects. */
export const MOLD_ORGANISATION = 1;
export const MOLD_PROJECT = 2;

export interface WorkspaceRef {
  id: number;
  name: string;
  mold_id: number;
}

export interface WorkspaceNode extends WorkspaceRef {
  parent_id: number | null;
  description: string;
  created_at: string;
  updated_at: string;
  user_count: number;
  device_count: number;
  children?: WorkspaceNode[];
}

export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string;
  role_id: number;
  role_name: string;
  workspace_id: number;
  workspace: WorkspaceRef;
  enabled: boolean;
  last_login_at: string | null;
  created_at: string;
  /** Permission codes of the user's role (`device:add`, …); the client's permission gate reads these. */
  permissions: string[];
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResult {
  token: string;
  refresh_token: string;
  user: UserInfo;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
}

export type MenuKind = 'menu' | 'button';

export interface MenuNode {
  id: number;
  parent_id: number | null;
  /** Equal to the route title it unlocks (`device`, `workbench`, …); the label is `menu.{name}` in i18n. */
  name: string;
  path: string;
  icon: string;
  sort: number;
  hidden: boolean;
  kind: MenuKind;
  /** Permission code of a button (`device:add`); empty for menus. */
  perms: string;
  children?: MenuNode[];
}

export interface Role {
  id: number;
  workspace_id: number;
  name: string;
  description: string;
  user_count: number;
  menu_ids: number[];
  created_at: string;
}

/** `domain` of a device model triple: 0 aircraft, 1 payload, 2 remote controller, 3 dock. */
export type DeviceDomain = 0 | 1 | 2 | 3;

export interface Device {
  device_sn: string;
  name: string;
  domain: number;
  type: number;
  sub_type: number;
  /** `domain-type-sub_type`, e.g. `3-2-0` (Dock 2). */
  model_key: string;
  model_name: string;
  workspace_id: number;
  workspace_name: string;
  gateway_sn: string | null;
  firmware_version: string;
  online: boolean;
  bound_at: string | null;
  last_online_at: string | null;
  created_at: string;
  /**
   * Where a dock last said it stands (WGS-84 degrees), kept across restarts so a map can draw it
   * before the dock's next report; `null` until heard, and for other kinds.
   */
  latitude: number | null;
  longitude: number | null;
}

export interface DeviceAdded extends Device {
  /** Shown once, on creation: the device signs in to the broker with its serial number and this secret. */
  device_secret: string;
}

export interface AuditLogEntry {
  id: number;
  user_id: number | null;
  username: string;
  module: string;
  action: string;
  /** The stable key of what was acted on: an id, a serial number or a sign-in name. */
  target: string;
  /** The target's name as it was at the time of the action (the key when no name was recorded). */
  target_name: string;
  ip: string;
  result: 'success' | 'failure';
  detail: string;
  created_at: string;
}

export interface MqttConfig {
  /** WebSocket address browsers connect to: the embedded broker at `/mqtt`, or `MQTT_WS_URL`. */
  ws_url: string;
  username: string;
}
