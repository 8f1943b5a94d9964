import {
  API,
  type LoginRequest,
  type LoginResult,
  type MenuNode,
  type UserInfo,
} from '../../protocol/http.ts';
import { http } from './http.ts';

/** Signs in with a username and password. */
export const login = (body: LoginRequest) => http.post<LoginResult>(API.login, body);

/**
 * Logout on the server: ends the sign-in session the refresh token belongs to, so neither it nor the
 * session's access token works any more. Quiet: the console signs out locally whatever it answers.
 */
export const endSession = (refreshToken: string) =>
  http.request<null>('DELETE', API.authorizations, { bearer: refreshToken, quiet: true });

/** The user-info call; `id` comes from the VEA-TOKEN marker. */
export const fetchUserInfo = (id: number) => http.get<UserInfo>(API.userInfo, { id });

/** The menu tree the role may see. */
export const fetchRoleMenu = (roleId: number) =>
  http.get<MenuNode[]>(API.roleMenuList, { role_id: roleId });
