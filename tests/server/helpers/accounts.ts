import type { WorkspaceNode } from '../../../protocol/http.ts';
import type { TestServer } from './testServer.ts';

/** Access tokens of the three demo accounts and the seeded workspace ids. */
export interface Seeded {
  admin: string;
  operator: string;
  viewer: string;
  /** The organisation (admin's workspace). */
  org: number;
  /** 深圳湾巡检: the operator's and viewer's project. */
  home: number;
  /** 前海应急: a sibling project outside the operator's and viewer's scope. */
  other: number;
}

/** Signs in the demo accounts and reads the workspace ids from the admin's tree. */
export async function seeded(server: TestServer): Promise<Seeded> {
  const [admin, operator, viewer] = await Promise.all(
    (['admin', 'operator', 'viewer'] as const).map(async (a) => (await server.signIn(a)).token),
  );
  if (!admin || !operator || !viewer) throw new Error('sign-in failed');
  const tree = await server.call<WorkspaceNode[]>('GET', '/api/workspace/tree', { token: admin });
  const root = tree.body.data[0];
  const byName = (name: string) => root?.children?.find((c) => c.name === name)?.id ?? 0;
  return {
    admin,
    operator,
    viewer,
    org: root?.id ?? 0,
    home: byName('深圳湾巡检'),
    other: byName('前海应急'),
  };
}
