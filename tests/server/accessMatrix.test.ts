import { describe, expect, it } from 'vitest';
import { API } from '../../protocol/http.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

type Route = readonly [method: 'GET' | 'POST', path: string];

/** Routes the viewer (read-only pages, no buttons) must be refused, with a body otherwise valid. */
const VIEWER_REFUSED: readonly (readonly [...Route, Record<string, unknown>])[] = [
  ['POST', API.rolesAdd, { workspace_id: 2, name: 'x' }],
  ['POST', API.rolesUpdate, { id: 3, name: 'x' }],
  ['POST', API.rolesDel, { id: 3, workspace_id: 1 }],
  ['POST', API.roleMenuUpdate, { role_id: 3, menu_ids: [] }],
  ['GET', API.rolesList, {}],
  ['GET', API.workspaceList, {}],
  ['POST', API.workspaceAdd, { parent_id: 2, name: 'x' }],
  ['POST', API.workspaceEdit, { id: 2, name: 'x' }],
  ['POST', API.workspaceDel, { workspace_id: 2 }],
  ['POST', API.deviceAdd, { device_sn: 'X', domain: 0, type: 1, sub_type: 0, workspace_id: 2 }],
  ['POST', API.deviceEdit, { device_sn: 'X', name: 'x' }],
  ['POST', API.deviceDel, { device_sn: 'X' }],
  ['GET', API.userList, {}],
  ['POST', API.userAdd, { username: 'x', password: 'abc123', role_id: 3, workspace_id: 2 }],
  ['POST', API.userEdit, { id: 2, nickname: 'x' }],
  ['POST', API.userDel, { id: 2 }],
  ['POST', API.userResetPassword, { id: 2, password: 'abc123' }],
  ['GET', API.menuList, {}],
  ['POST', API.menuAdd, { name: 'x' }],
  ['POST', API.menuEdit, { id: 1, name: 'x' }],
  ['POST', API.menuDel, { id: 1 }],
  ['GET', API.logsList, {}],
  ['GET', API.logsExport, {}],
];

/** Every route that needs a signed-in caller. */
const SIGNED_IN: readonly Route[] = [
  ...VIEWER_REFUSED.map(([method, path]) => [method, path] as const),
  ['GET', API.userInfo],
  ['GET', API.roleMenuList],
  ['GET', API.workspaceTree],
  ['GET', API.workspaceInfo],
  ['GET', API.deviceList],
  ['GET', API.deviceInfo],
  ['GET', API.deviceOnlineList],
  ['GET', API.deviceAccountList],
  ['GET', API.liveInfo],
  ['POST', API.userChangePassword],
  ['POST', API.userProfile],
  ['POST', API.userCheckPassword],
];

/** One bad input per route with a body or a required query, and the field the message must name. */
const BAD_INPUT: readonly (readonly [...Route, Record<string, unknown>, string])[] = [
  ['POST', API.rolesAdd, { name: 'x' }, 'workspace_id'],
  ['POST', API.rolesUpdate, { id: 'one' }, 'id'],
  ['POST', API.rolesDel, {}, 'id'],
  ['POST', API.roleMenuUpdate, { role_id: 3, menu_ids: 'all' }, 'menu_ids'],
  ['GET', API.rolesList, { size: 0 }, 'size'],
  ['GET', API.workspaceList, { current: -1 }, 'current'],
  ['POST', API.workspaceAdd, { parent_id: 2, name: 'x', mold_id: 7 }, 'mold_id'],
  ['POST', API.workspaceEdit, { name: 'x' }, 'id'],
  ['POST', API.workspaceDel, {}, 'workspace_id'],
  ['GET', API.deviceInfo, { workspace_id: 'w' }, 'workspace_id'],
  ['GET', API.deviceAccountList, { pageSize: 5000 }, 'pageSize'],
  ['POST', API.deviceAdd, { device_sn: 'X', domain: 0, type: 1, sub_type: 0 }, 'workspace_id'],
  ['POST', API.deviceEdit, { device_sn: 'bad sn!' }, 'device_sn'],
  ['POST', API.deviceDel, {}, 'device_sn'],
  ['GET', API.userList, { enabled: 'yes', role_id: 'r' }, 'role_id'],
  ['POST', API.userAdd, { username: 'x', password: 'abc123', role_id: 3 }, 'workspace_id'],
  ['POST', API.userEdit, { id: 2, phone: 'call me' }, 'phone'],
  ['POST', API.userDel, {}, 'id'],
  ['POST', API.userResetPassword, { id: 2 }, 'password'],
  ['POST', API.userProfile, { email: 'nope' }, 'email'],
  ['POST', API.userCheckPassword, {}, 'password'],
  ['POST', API.menuAdd, { name: 'x', sort: 'first' }, 'sort'],
  ['POST', API.menuEdit, { id: 1, perms: 'has spaces' }, 'perms'],
  ['POST', API.menuDel, {}, 'id'],
  ['GET', API.logsList, { from: 'yesterday' }, 'from'],
  ['GET', API.logsExport, { result: 'x' }, 'result'],
];

describe.each(backends)('access and validation on every route on $name', (backend) => {
  const world = useSeededServer(backend);

  const send = (method: string, path: string, input: Record<string, unknown>, token?: string) =>
    method === 'GET'
      ? world.server.call(method, path, { token, query: input as Record<string, string> })
      : world.server.call(method, path, { token, body: input });

  it.each(SIGNED_IN)('%s %s without a token answers 401 in the envelope', async (method, path) => {
    const answer = await send(method, path, {});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 100, data: null, msg: '请先登录' });
  });

  it.each(VIEWER_REFUSED)('%s %s refuses the viewer with 403', async (method, path, input) => {
    const answer = await send(method, path, input, world.s.viewer);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 100, msg: '没有权限' });
  });

  it.each(BAD_INPUT)('%s %s names the bad field', async (method, path, input, field) => {
    const answer = await send(method, path, input, world.s.admin);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(100);
    expect(answer.body.msg.startsWith(`${field}: `)).toBe(true);
  });
});
