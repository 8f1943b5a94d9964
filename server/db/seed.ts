import { MOLD_ORGANISATION, MOLD_PROJECT } from '../../protocol/http.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import type { Db } from './Db.ts';
import { queryOne } from './Db.ts';
import { OPERATOR_PAGES, SEED_PAGES, VIEWER_PAGES } from './seedMenus.ts';

/** A demo account created by the seed, with its password in clear (shown once at first start). */
export interface SeededAccount {
  username: string;
  password: string;
  role: string;
}

export interface SeedResult {
  accounts: SeededAccount[];
  /** True when the passwords were generated (no `ADMIN_PASSWORD`). */
  generated: boolean;
}

const SEED_LOCK_KEY = 731_403;
const ORGANISATION = 'Skydeck 演示组织';
const ROLE_DESCRIPTIONS: Record<string, string> = {
  admin: '系统管理员：全部页面与操作',
  operator: '操作员：任务、航线、设备与飞行',
  viewer: '观察员：只读',
};
const PROJECTS = ['深圳湾巡检', '前海应急', '南山测绘'] as const;

async function insertId(db: Db, sql: string, params: readonly unknown[]): Promise<number> {
  const row = await queryOne<{ id: number }>(db, sql + ' returning id', params);
  if (!row) throw new Error('seed insert returned no row');
  return row.id;
}

/** Menu ids of one seeded page: the page, its buttons, and its admin-only buttons. */
interface SeededPage {
  page: number;
  buttons: number[];
  adminButtons: number[];
}

/** Inserts the menu tree; returns menu ids by page name, each with its button ids. */
async function seedMenus(db: Db): Promise<Map<string, SeededPage>> {
  const byName = new Map<string, SeededPage>();
  for (const [index, page] of SEED_PAGES.entries()) {
    const pageId = await insertId(
      db,
      `insert into menus (name, path, icon, sort, hidden, kind) values ($1, $2, $3, $4, $5, 'menu')`,
      [page.name, page.path, page.icon, (index + 1) * 10, page.hidden ?? false],
    );
    const buttons: number[] = [];
    const all = [...page.buttons, ...(page.adminButtons ?? [])];
    for (const [b, perms] of all.entries()) {
      // The name is an i18n key (`menu.device_add`): i18next reads ':' as a namespace separator.
      const sql = `insert into menus (parent_id, name, sort, kind, perms) values ($1, $2, $3, 'button', $4)`;
      buttons.push(await insertId(db, sql, [pageId, perms.replace(':', '_'), b + 1, perms]));
    }
    // Admin-only buttons come last, after the ones every role with the page gets.
    const { length } = page.buttons;
    byName.set(page.name, {
      page: pageId,
      buttons: buttons.slice(0, length),
      adminButtons: buttons.slice(length),
    });
  }
  return byName;
}

async function seedRole(
  db: Db,
  workspaceId: number,
  name: string,
  menuIds: readonly number[],
  allAccess = false,
): Promise<number> {
  const description = ROLE_DESCRIPTIONS[name] ?? '';
  const roleId = await insertId(
    db,
    'insert into roles (workspace_id, name, description, all_access) values ($1, $2, $3, $4)',
    [workspaceId, name, description, allAccess],
  );
  for (const menuId of menuIds)
    await db.query('insert into role_menus (role_id, menu_id) values ($1, $2)', [roleId, menuId]);
  return roleId;
}

function pick(
  menus: Map<string, SeededPage>,
  pages: readonly string[],
  withButtons: boolean,
): number[] {
  return pages.flatMap((name) => {
    const menu = menus.get(name);
    if (!menu) return [];
    return withButtons ? [menu.page, ...menu.buttons] : [menu.page];
  });
}

/** Fills an empty database with the menus, roles, demo workspaces and accounts; no-op otherwise. */
export async function seedIfEmpty(db: Db, adminPassword?: string): Promise<SeedResult | null> {
  const plan = [
    { username: 'admin', nickname: '管理员', role: 'admin' },
    { username: 'operator', nickname: '操作员', role: 'operator' },
    { username: 'viewer', nickname: '观察员', role: 'viewer' },
  ] as const;
  const accounts = plan.map((p) => ({ ...p, password: adminPassword ?? generatePassword() }));
  // Hash outside the transaction: argon2 is slow on purpose and must not hold the lock meanwhile.
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
  const seeded = await db.tx(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const count = await queryOne<{ n: number }>(tx, 'select count(*)::int as n from workspaces');
    if ((count?.n ?? 0) > 0) return false;
    const menus = await seedMenus(tx);
    const org = await insertId(tx, 'insert into workspaces (name, mold_id) values ($1, $2)', [
      ORGANISATION,
      MOLD_ORGANISATION,
    ]);
    const projects: number[] = [];
    for (const name of PROJECTS) {
      const sql = 'insert into workspaces (parent_id, name, mold_id) values ($1, $2, $3)';
      projects.push(await insertId(tx, sql, [org, name, MOLD_PROJECT]));
    }
    const allMenus = [...menus.values()].flatMap((m) => [m.page, ...m.buttons, ...m.adminButtons]);
    const roles = {
      admin: await seedRole(tx, org, 'admin', allMenus, true),
      operator: await seedRole(tx, org, 'operator', pick(menus, OPERATOR_PAGES, true)),
      viewer: await seedRole(tx, org, 'viewer', pick(menus, VIEWER_PAGES, false)),
    };
    for (const [i, account] of accounts.entries()) {
      const workspace = account.role === 'admin' ? org : (projects[0] ?? org);
      await tx.query(
        `insert into users (username, nickname, password_hash, role_id, workspace_id)
         values ($1, $2, $3, $4, $5)`,
        [account.username, account.nickname, hashes[i], roles[account.role], workspace],
      );
    }
    return true;
  });
  if (!seeded) return null;
  return {
    accounts: accounts.map(({ username, password, role }) => ({ username, password, role })),
    generated: adminPassword === undefined,
  };
}
