import { API, type Page, type Role, type UserInfo } from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** The fields an administrator sets on a user (the password only on creation). */
export interface UserDraft {
  nickname: string;
  email: string;
  phone: string;
  role_id: number;
  workspace_id: number;
  enabled: boolean;
}

/** A page of users. */
export const listUsers = (query: Query) => http.get<Page<UserInfo>>(API.userList, query);

/** Creates a user. */
export const addUser = (body: UserDraft & { username: string; password: string }) =>
  http.post<UserInfo>(API.userAdd, body);

/** Edits a user; fields left out keep their value. */
export const editUser = (body: Partial<UserDraft> & { id: number }) =>
  http.post<UserInfo>(API.userEdit, body);

/** Deletes a user. */
export const deleteUser = (id: number) => http.post<null>(API.userDel, { id });

/** Sets a new password for a user (their sessions elsewhere end). */
export const resetUserPassword = (id: number, password: string) =>
  http.post<null>(API.userResetPassword, { id, password });

/**
 * The roles a user may be given, for the users page's pickers. Quiet: a caller who may manage users
 * but not open the roles page gets a 403 here, and the page then simply offers no role filter.
 */
export const listRoleChoices = () =>
  http.request<Page<Role>>('GET', API.rolesList, {
    query: { current: 1, size: 1000 },
    quiet: true,
  });

/** The signed-in user's own profile. */
export const fetchProfile = () => http.get<UserInfo>(API.userProfile);

/** Updates the signed-in user's own profile fields. */
export const updateProfile = (body: Pick<UserInfo, 'nickname' | 'email' | 'phone'>) =>
  http.post<UserInfo>(API.userProfile, body);

/** Changes the signed-in user's password. */
export const changePassword = (body: { old_password: string; new_password: string }) =>
  http.post<null>(API.userChangePassword, body);

/** Asks the server whether `password` is the signed-in user's password (the lock screen). */
export const checkPassword = (password: string) =>
  http.request<boolean>('POST', API.userCheckPassword, { body: { password }, quiet: true });
