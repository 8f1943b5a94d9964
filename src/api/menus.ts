import { API, type MenuKind, type MenuNode } from '../../protocol/http.ts';
import { http } from './http.ts';

/** The fields of a menu the menus page writes; `parent_id: null` moves it to the top level. */
export interface MenuFields {
  name: string;
  kind: MenuKind;
  parent_id: number | null;
  path: string;
  icon: string;
  sort: number;
  hidden: boolean;
  perms: string;
}

/** The whole menu tree (every menu and button). */
export const listMenus = () => http.get<MenuNode[]>(API.menuList);

/** Adds a menu or a button. */
export const addMenu = (body: MenuFields) => http.post<{ id: number }>(API.menuAdd, body);

/** Changes some fields of a menu (move, hide, rename, …). */
export const editMenu = (body: Partial<MenuFields> & { id: number }) =>
  http.post<{ id: number }>(API.menuEdit, body);

/** Deletes a menu (and, through the schema, whatever hangs below it). */
export const deleteMenu = (id: number) => http.post<null>(API.menuDel, { id });
