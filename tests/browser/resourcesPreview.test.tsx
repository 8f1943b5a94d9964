import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaFile } from '../../protocol/media.ts';
import { downloadZip } from '../../src/api/media.ts';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';
import { PreviewDialog } from '../../src/pages/media/PreviewDialog.tsx';

/** A 4 × 3 grey JPEG-free picture: an SVG data URL is enough for `<img>`. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#888"/></svg>',
)}`;

function file(id: number): MediaFile {
  return {
    id,
    workspace_id: 2,
    name: `DJI_000${String(id)}.jpeg`,
    kind: 'photo',
    size: 2_500_000,
    md5: 'abc123',
    device_sn: 'SN1',
    device_name: 'M30T',
    payload: '1-81-0',
    task_id: 4,
    task_name: '北门早巡',
    flight_id: 'f-1',
    lat: 22.54,
    lon: 113.95,
    absolute_altitude: 120.25,
    relative_altitude: 100,
    gimbal_yaw: -45,
    width: 4000,
    height: 3000,
    shot_at: Date.UTC(2026, 10, 20, 1, 0, 0),
    created_at: Date.UTC(2026, 10, 20, 2, 0, 0),
    thumb_url: PICTURE,
    file_url: PICTURE,
  };
}

const ROWS = [file(1), file(2), file(3)];

function Harness() {
  const [index, setIndex] = useState(0);
  return <PreviewDialog rows={ROWS} index={index} onIndex={setIndex} onClose={() => undefined} />;
}

const counter = () => document.querySelector('[data-testid=media-counter]')?.textContent;
const zoom = () => document.querySelector('[data-testid=media-zoom]')?.textContent;
const picture = () => document.querySelector<HTMLImageElement>('.sd-media-full');
const button = (label: string) =>
  document.querySelector<HTMLButtonElement>(`.sd-media-preview button[aria-label="${label}"]`);

/** A response whose body the test feeds chunk by chunk. */
function streamedResponse(total: number) {
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      feed = controller;
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'X-Total-Bytes': String(total) },
  });
  return {
    response,
    push: (n: number) => feed?.enqueue(new Uint8Array(n)),
    end: () => feed?.close(),
    /** What a real `fetch` does to the body when its signal aborts. */
    abort: () => feed?.error(new DOMException('The user aborted a request.', 'AbortError')),
  };
}

describe('the media preview', () => {
  beforeAll(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await initI18n();
    // Files share the page's local storage: a language another file left there must not decide.
    await setLanguage('zh-CN');
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the facts, steps with the arrow keys, zooms with buttons and wheel, pans by dragging', () => {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    act(() => root.render(<Harness />));
    const facts = [...document.querySelectorAll('.sd-media-facts td')].map((td) => td.textContent);
    expect(facts).toEqual(
      expect.arrayContaining([
        '北门早巡',
        '22.540000, 113.950000',
        '120.3 米',
        '-45.0°',
        '4000 × 3000',
        '2.4 MB',
      ]),
    );
    expect(counter()).toBe('1 / 3');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    });
    expect(counter()).toBe('3 / 3');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    });
    expect(counter()).toBe('1 / 3');

    act(() => button('放大')?.click());
    expect(zoom()).toBe('125%');
    const frame = document.querySelector<HTMLDivElement>('.sd-media-frame');
    act(() => {
      frame?.dispatchEvent(
        new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true }),
      );
    });
    expect(zoom()).toBe('156%');
    act(() => {
      frame?.dispatchEvent(
        new PointerEvent('pointerdown', { pointerId: 1, clientX: 10, clientY: 10, bubbles: true }),
      );
    });
    act(() => {
      frame?.dispatchEvent(
        new PointerEvent('pointermove', { pointerId: 1, clientX: 40, clientY: 30, bubbles: true }),
      );
    });
    act(() => {
      frame?.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1, bubbles: true }));
    });
    const moved = picture()?.style.transform ?? '';
    act(() => button('适应窗口')?.click());
    expect(zoom()).toBe('100%');
    expect(picture()?.style.transform).toBe('translate(0px, 0px) scale(1)');
    expect(moved).not.toBe('translate(0px, 0px) scale(1)');
    // A new picture starts fitted.
    act(() => button('放大')?.click());
    act(() => button('下一个')?.click());
    expect(counter()).toBe('2 / 3');
    expect(zoom()).toBe('100%');
    act(() => root.unmount());
  });
});

describe('the streamed zip download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports bytes against X-Total-Bytes and hands over the whole archive', async () => {
    const stream = streamedResponse(300);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(stream.response)),
    );
    const seen: [number, number][] = [];
    const outcome = downloadZip(
      { workspace_id: 2, ids: [1, 2] },
      new AbortController().signal,
      (r, t) => seen.push([r, t]),
    );
    stream.push(100);
    stream.push(150);
    stream.end();
    const done = await outcome;
    expect(seen).toEqual([
      [100, 300],
      [250, 300],
    ]);
    expect(done.kind === 'done' ? done.blob.size : -1).toBe(250);
  });

  it('ends as cancelled when the user aborts mid-stream', async () => {
    const stream = streamedResponse(1000);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        init.signal?.addEventListener('abort', stream.abort);
        return Promise.resolve(stream.response);
      }),
    );
    const abort = new AbortController();
    const outcome = downloadZip({ workspace_id: 2, ids: [1] }, abort.signal, () => abort.abort());
    stream.push(10);
    expect(await outcome).toEqual({ kind: 'canceled' });
  });
});
