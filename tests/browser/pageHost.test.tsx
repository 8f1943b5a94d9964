import { act, lazy, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageHost } from '../../src/app/layout/PageHost.tsx';
import type { AppRoute } from '../../src/app/routeTable.ts';
import { addTag, refreshTag, resetTags } from '../../src/state/tags.ts';

/** A page whose only state is a click counter, so a remount is visible as a reset count. */
function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  return (
    <button id={id} onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

const page = (id: string) => lazy(() => Promise.resolve({ default: () => <Counter id={id} /> }));
const ROUTES: AppRoute[] = [
  { path: '/kept', title: 'task', menu: 'task', icon: 'th', component: page('kept') },
  {
    path: '/fresh',
    title: 'device',
    menu: 'device',
    icon: 'th',
    component: page('fresh'),
    noCache: true,
  },
];

let go: (to: string) => void = () => undefined;
function NavigateBridge() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

/** Runs `fn` inside act() and lets the lazy pages it started resolve. */
const settle = (fn: () => unknown) =>
  act(async () => {
    fn();
    await new Promise((done) => setTimeout(done, 0));
  });

describe('kept-alive pages', () => {
  let root: Root;
  let host: HTMLDivElement;
  const count = (id: string) => host.querySelector(`#${id}`)?.textContent;
  const click = (id: string) =>
    settle(() => host.querySelector<HTMLButtonElement>(`#${id}`)?.click());

  beforeEach(async () => {
    resetTags();
    for (const path of ['/kept', '/fresh']) {
      const meta = { title: path, affix: false, noCache: path === '/fresh' };
      addTag(
        { path, fullPath: path, name: path, title: path, meta, params: {}, query: {} },
        null,
        '/',
      );
    }
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await settle(() =>
      root.render(
        <MemoryRouter initialEntries={['/kept']}>
          <NavigateBridge />
          <PageHost routes={ROUTES} fallback={null} />
        </MemoryRouter>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('keeps a cached page’s state across a visit elsewhere, and a refresh drops it', async () => {
    await click('kept');
    await click('kept');
    expect(count('kept')).toBe('2');
    await settle(() => go('/fresh'));
    expect(host.querySelector<HTMLElement>('#kept')?.checkVisibility()).toBe(false);
    await settle(() => go('/kept'));
    expect(count('kept')).toBe('2');
    await settle(() => refreshTag('/kept'));
    expect(count('kept')).toBe('0');
  });

  it('mounts a noCache page afresh on every visit', async () => {
    await settle(() => go('/fresh'));
    await click('fresh');
    expect(count('fresh')).toBe('1');
    await settle(() => go('/kept'));
    expect(host.querySelector('#fresh')).toBeNull();
    await settle(() => go('/fresh'));
    expect(count('fresh')).toBe('0');
  });
});
