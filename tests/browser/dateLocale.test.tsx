import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchFieldInput } from '../../src/components/SearchTable/SearchFieldInput.tsx';
import type { SearchField } from '../../src/components/SearchTable/types.ts';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';

const FIELDS: SearchField[] = [
  { name: 'day', label: 'Day', type: 'date' },
  { name: 'span', label: 'Span', type: 'datetimerange' },
];

describe('date inputs', () => {
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initI18n();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
  // The language is kept in local storage, which the other files see: leave the default behind.
  afterAll(() => setLanguage('zh-CN'));

  it('never ask Blueprint to load a date-fns locale by name (it logs that it cannot)', async () => {
    const errors = vi.spyOn(console, 'error');
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    for (const language of ['zh-CN', 'en'] as const) {
      await act(() => setLanguage(language));
      await act(async () => {
        root.render(
          <>
            {FIELDS.map((field) => (
              <SearchFieldInput
                key={field.name}
                field={field}
                value={undefined}
                onChange={() => {}}
              />
            ))}
          </>,
        );
        // Blueprint's loader is asynchronous: give a failed import time to report itself.
        await new Promise((done) => setTimeout(done, 200));
      });
    }
    act(() => root.unmount());
    const said = errors.mock.calls.map((call) => call.map(String).join(' '));
    expect(said.filter((line) => line.includes('date-fns'))).toEqual([]);
  });
});
