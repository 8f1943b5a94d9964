/**
 * The video wall in headless Chromium: frame latency from the capture time burnt into each frame's
 * header to the screen frame that shows it, as the page's own player reports it. The player calls
 * `__skydeckVideoProbe` (set here before the page loads) from the first animation frame after it drew
 * the decoded JPEG on the tile's canvas, so the sample covers render, encode, fan-out, socket, JPEG
 * decode, canvas draw and the wait for the next screen frame.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { LiveStream, VideoLayout } from '../../protocol/video.ts';
import { VIDEO_API } from '../../protocol/video.ts';
import type { VideoBenchServer } from './videoServer.ts';

declare global {
  /** The samples the page collected: [capture time, paint time] pairs, epoch ms. */
  var __skydeckVideoSamples: [number, number][] | undefined;
  /** The player's hook (src/components/VideoPlayer/playWsJpeg.ts). */
  var __skydeckVideoProbe: ((capturedAt: number, paintedAt: number) => void) | undefined;
}

/** Where `vite build` leaves the console. */
export const DIST_DIR = new URL('../../dist/', import.meta.url).pathname;

/** Whether a built console is there to serve. */
export const consoleBuilt = (): boolean => existsSync(`${DIST_DIR}index.html`);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BrowserRun {
  latencies: number[];
  frames: number;
  /** The server process's CPU while the page played, ms per s. */
  cpuMsPerS: number;
}

/** A wall of `tiles` (1, 4 or 16) showing the first streams, saved as the admin's layout. */
function wallOf(streams: readonly LiveStream[], tiles: 1 | 4 | 16): VideoLayout {
  return {
    size: tiles,
    tiles: Array.from({ length: tiles }, (_, i) => streams[i]?.video_id ?? null),
  };
}

/** Opens /video_square with `tiles` tiles in a fresh context, measures `seconds`, closes it. */
export async function measureInBrowser(
  browser: Browser,
  server: VideoBenchServer,
  streams: readonly LiveStream[],
  tiles: 1 | 4 | 16,
  seconds: number,
): Promise<BrowserRun> {
  await server.api('POST', VIDEO_API.layout, wallOf(streams, tiles));
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
  });
  try {
    await context.addInitScript(() => {
      const samples: [number, number][] = [];
      globalThis.__skydeckVideoSamples = samples;
      globalThis.__skydeckVideoProbe = (capturedAt, paintedAt) => {
        samples.push([capturedAt, paintedAt]);
      };
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill(server.password);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/video_square');
    await page
      .getByTestId('video-canvas')
      .nth(tiles - 1)
      .waitFor();
    await pause(3_000); // live_start_push round trips, first frames, the page settling
    await page.evaluate(() => globalThis.__skydeckVideoSamples?.splice(0));
    const cpu = server.cpuMs();
    await pause(seconds * 1000);
    const used = server.cpuMs() - cpu;
    const samples = await page.evaluate(() => globalThis.__skydeckVideoSamples?.splice(0) ?? []);
    const latencies = samples.map(([captured, painted]) => painted - captured);
    return { latencies, frames: latencies.length, cpuMsPerS: used / seconds };
  } finally {
    await context.close();
    await pause(1_000); // let live_stop_push go out before the next run
  }
}
