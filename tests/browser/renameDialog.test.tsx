import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Wayline } from '../../protocol/waylines.ts';
import { ApiError } from '../../src/api/ApiError.ts';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';
import { RenameDialog } from '../../src/pages/wayline/RenameDialog.tsx';

const rename = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/waylines.ts', () => ({ renameWayline: rename }));

const WAYLINE = { id: 7, name: '北门巡检' } as Wayline;

/** Lets the promises a click started settle. */
const settle = () => act(async () => await new Promise((done) => setTimeout(done, 0)));

describe('the wayline rename dialog', () => {
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initI18n();
    // Files share the page's local storage: a language another file left there must not decide.
    await setLanguage('zh-CN');
  });
  afterEach(() => {
    document.body.innerHTML = '';
    rename.mockReset();
  });

  it('shows a refusal naming the field under it, keeps the dialog open, and saves once fixed', async () => {
    const saved = vi.fn();
    rename.mockRejectedValueOnce(new ApiError('name: must not contain a NUL character', 400, 100));
    rename.mockResolvedValueOnce({ ...WAYLINE, name: '南门巡检' });
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    act(() => {
      root.render(<RenameDialog wayline={WAYLINE} onClose={() => undefined} onSaved={saved} />);
    });
    const form = document.querySelector('form');
    act(() => form?.requestSubmit());
    await settle();
    expect(rename).toHaveBeenCalledWith(7, '北门巡检');
    expect(document.querySelector('.bp6-form-helper-text')?.textContent).toBe(
      'must not contain a NUL character',
    );
    expect(saved).not.toHaveBeenCalled();
    act(() => form?.requestSubmit());
    await settle();
    expect(saved).toHaveBeenCalledOnce();
    act(() => root.unmount());
  });

  it('does not send an empty name', async () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    act(() => {
      root.render(
        <RenameDialog
          wayline={{ ...WAYLINE, name: '  ' }}
          onClose={() => undefined}
          onSaved={() => undefined}
        />,
      );
    });
    act(() => document.querySelector('form')?.requestSubmit());
    await settle();
    expect(rename).not.toHaveBeenCalled();
    act(() => root.unmount());
  });
});
