import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../protocol/http.ts';
import { buildSidebar, groupPath } from '../../src/app/layout/sidebarItems.ts';
import { safeRedirect } from '../../src/app/navigation.ts';
import { permittedRoutes, resolvePath } from '../../src/app/routeMatch.ts';
import { pickWorkspace } from '../../src/app/workspaces.ts';
import { Permission } from '../../src/components/Permission/Permission.tsx';
import { fitPdfPage } from '../../src/lib/exportPdf.ts';
import { passwordProblem } from '../../src/lib/passwordRule.ts';
import { decryptScreenCode, encryptScreenCode } from '../../src/lib/screenCode.ts';
import { formatTime } from '../../src/lib/time.ts';
import { accountStore } from '../../src/state/account.ts';

/** Runs `fn` inside act() and lets the promises it started settle. */
const settle = (fn: () => unknown) =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

function menu(
  id: number,
  name: string,
  children?: MenuNode[],
  kind: MenuNode['kind'] = 'menu',
): MenuNode {
  return {
    id,
    parent_id: null,
    name,
    path: '',
    icon: '',
    sort: id,
    hidden: false,
    kind,
    perms: '',
    children,
  };
}

describe('screen code', () => {
  it('is AES-ECB/PKCS7 and reads back', () => {
    const code = encryptScreenCode('lock-me');
    expect(code).not.toContain('lock-me');
    expect(decryptScreenCode(code)).toBe('lock-me');
    expect(encryptScreenCode('lock-me')).toBe(code);
    const direct = AES.encrypt('lock-me', Utf8.parse('skydeck-lock-k16'), {
      mode: ECB,
      padding: Pkcs7,
    });
    expect(direct.toString()).toBe(code);
    expect(decryptScreenCode('garbage')).toBe('');
  });
});

describe('routes from the role menu', () => {
  const tree = [
    menu(1, 'workbench'),
    menu(2, 'system', [menu(3, 'users'), menu(4, 'user:add', [], 'button')]),
    menu(5, 'task'),
  ];

  it('permits only the routes whose title the menu names', () => {
    const titles = permittedRoutes(tree).map((r) => r.title);
    expect(titles).toEqual([
      'workbench',
      'task',
      'taskInfo',
      'taskInfoMap',
      'subtasksInfo',
      'users',
      'sample',
    ]);
    expect(resolvePath('/role', permittedRoutes(tree))).toEqual({ kind: 'error', status: '403' });
    expect(resolvePath('/nowhere', permittedRoutes(tree))).toEqual({
      kind: 'error',
      status: '404',
    });
    expect(resolvePath('/taskInfo/9', permittedRoutes(tree))).toMatchObject({
      kind: 'page',
      match: { params: { id: '9' } },
    });
  });

  it('builds a nested sidebar without hidden pages or buttons', () => {
    const items = buildSidebar(tree, permittedRoutes(tree));
    expect(
      items.map((i) => (i.kind === 'link' ? i.route.title : `${i.name}[${i.children.length}]`)),
    ).toEqual(['workbench', 'system[1]', 'task']);
    expect(groupPath(items, 'users')).toEqual(['system']);
  });
});

describe('small rules', () => {
  it('honours only redirects inside this site', () => {
    expect(safeRedirect('/device?x=1')).toBe('/device?x=1');
    expect(safeRedirect(`${location.origin}/logs#a`)).toBe('/logs#a');
    expect(safeRedirect('https://evil.example/x')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('javascript:alert(1)')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });

  it('reads 10-digit timestamps as seconds', () => {
    const seconds = 1_767_225_600;
    expect(formatTime(seconds)).toBe(formatTime(seconds * 1000));
    expect(formatTime(String(seconds), true)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatTime(null)).toBe('');
  });

  it('applies one password rule: 6 to 12 characters', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('12345')).toBe('length');
    expect(passwordProblem('123456')).toBeNull();
    expect(passwordProblem('123456789012')).toBeNull();
    expect(passwordProblem('1234567890123')).toBe('length');
  });

  it('keeps a PDF page within 14 400 pt on each side, proportionally', () => {
    expect(fitPdfPage(800, 600)).toEqual({ width: 800, height: 600 });
    const tall = fitPdfPage(1000, 28_800);
    expect(tall.height).toBe(14_400);
    expect(tall.width).toBe(500);
  });

  it('reuses the saved workspace if still there, else the first project', () => {
    const node = (id: number, mold_id: number, children?: never[]) => ({
      id,
      name: `w${id}`,
      mold_id,
      parent_id: null,
      description: '',
      created_at: '',
      updated_at: '',
      user_count: 0,
      device_count: 0,
      children,
    });
    const tree = [{ ...node(1, 1), children: [node(2, 2), node(3, 2)] }];
    expect(pickWorkspace(tree, { id: 3, name: 'w3', mold_id: 2 })?.id).toBe(3);
    expect(pickWorkspace(tree, { id: 99, name: 'gone', mold_id: 2 })?.id).toBe(2);
    expect(pickWorkspace([], null)).toBeUndefined();
  });

  it('removes an element whose permission the user lacks', async () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    accountStore.permissions = ['device:add'];
    await settle(() =>
      root.render(
        <>
          <Permission code="device:add">
            <button>add</button>
          </Permission>
          <Permission code="device:del">
            <button>del</button>
          </Permission>
        </>,
      ),
    );
    expect(host.querySelectorAll('button')).toHaveLength(1);
    expect(host.textContent).toBe('add');
    act(() => root.unmount());
  });
});
