import type { MenuNode, Role, UserInfo } from '../../../protocol/http.ts';
import type { TestServer } from './testServer.ts';

let counter = 0;

/** Ids of the menus granting `codes`: pages by name, buttons by permission code. */
export async function menuIdsFor(
  server: TestServer,
  adminToken: string,
  codes: readonly string[],
): Promise<number[]> {
  const tree = await server.call<MenuNode[]>('GET', '/api/menu/list', { token: adminToken });
  const flat = tree.body.data.flatMap((m) => [m, ...(m.children ?? [])]);
  return codes.map((code) => {
    const menu = flat.find((m) => (m.kind === 'button' ? m.perms === code : m.name === code));
    if (!menu) throw new Error(`no menu grants ${code}`);
    return menu.id;
  });
}

/**
 * A new account in `workspaceId` whose own role (in the same workspace) grants exactly `codes`;
 * returns its access token, user id and role id.
 */
export async function customUser(
  server: TestServer,
  adminToken: string,
  workspaceId: number,
  codes: readonly string[],
): Promise<{ token: string; userId: number; roleId: number }> {
  counter += 1;
  const role = await server.call<Role>('POST', '/api/roles/add', {
    token: adminToken,
    body: {
      workspace_id: workspaceId,
      name: `custom${counter}`,
      menu_ids: await menuIdsFor(server, adminToken, codes),
    },
  });
  if (role.status !== 200) throw new Error(`role add failed: ${role.body.msg}`);
  const username = `custom${counter}`;
  const user = await server.call<UserInfo>('POST', '/api/user/add', {
    token: adminToken,
    body: { username, password: 'Custom#1', role_id: role.body.data.id, workspace_id: workspaceId },
  });
  if (user.status !== 200) throw new Error(`user add failed: ${user.body.msg}`);
  const { token } = await server.signIn(username, 'Custom#1');
  return { token, userId: user.body.data.id, roleId: role.body.data.id };
}
