import { API, type MenuNode, type Page, type Role } from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** A page of roles. */
export const listRoles = (query: Query) => http.get<Page<Role>>(API.rolesList, query);

/** Creates a role. */
export const addRole = (body: Partial<Role>) => http.post<Role>(API.rolesAdd, body);

/** Updates a role. */
export const updateRole = (body: Partial<Role>) => http.post<Role>(API.rolesUpdate, body);

/** Deletes a role (body: workspace_id plus the given fields). */
export const deleteRole = (workspaceId: number, body: { id: number }) =>
  http.post<null>(API.rolesDel, { workspace_id: workspaceId, ...body });

/** The menu tree a role holds. */
export const fetchRoleMenus = (roleId: number) =>
  http.get<MenuNode[]>(API.roleMenuList, { role_id: roleId });

/** Replaces the menus and buttons a role holds. */
export const updateRoleMenus = (roleId: number, menuIds: readonly number[]) =>
  http.post<Role>(API.roleMenuUpdate, { role_id: roleId, menu_ids: menuIds });
