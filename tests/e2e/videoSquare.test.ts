/**
 * The video wall end to end: an operator fills four tiles from the device tree, sees the simulated
 * cameras move, and closing the tiles stops the streams on the server; sixteen tiles all play; a
 * click enlarges a tile and a double click puts it full screen (not both); hiding the tab stops
 * every stream and showing it again resumes them; an aircraft's tile opens its cockpit. HLS, as a
 * media server would serve a real dock, is played from a stream ffmpeg makes (skipped when ffmpeg
 * is not installed).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoginResult } from '../../protocol/http.ts';
import { VIDEO_API } from '../../protocol/video.ts';
import { apiCall } from './support/api.ts';
import { freePort, TEST_PASSWORD } from './support/server.ts';
import { useE2E, type E2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

const WAIT = { timeout: 30_000, interval: 300 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const HAS_FFMPEG = spawnSync('ffmpeg', ['-version']).status === 0;

async function viewerTotal(url: string): Promise<number> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'operator',
    password: TEST_PASSWORD,
  });
  const counts = await apiCall<Record<string, number>>(url, VIDEO_API.viewers, token);
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/**
 * Signs the operator in straight to the wall, picks `size` tiles and puts the first `n` streams of
 * the tree into them.
 */
async function fillWall(e2e: E2E, n: number, size: 4 | 16 = 4): Promise<void> {
  await e2e.console.signInTo('operator', '/video_square');
  await e2e.page.getByTestId('video-square').waitFor(WAIT);
  await e2e.page.getByTestId(`video-layout-${String(size)}`).click();
  const nodes = e2e.page.locator('[data-testid^="stream-"]');
  await nodes.first().waitFor();
  for (let i = 0; i < n; i++) await nodes.nth(i).click();
}

/**
 * Tiles on screen whose canvas has drawn a frame: it takes the frame's size then (320 or 640 wide),
 * where a canvas that has drawn nothing keeps the default 300 × 150.
 */
const drawnTiles = (e2e: E2E) =>
  e2e.page
    .locator('.sd-video-tile canvas')
    .evaluateAll(
      (canvases: HTMLCanvasElement[]) =>
        canvases.filter((c) => c.width === 320 || c.width === 640).length,
    );

/**
 * Hides or shows the tab the way a browser does when another tab comes to the front: headless
 * Chromium keeps every page visible, so the page's document answers `hidden` (and `visibilityState`)
 * as a hidden one would and receives the same `visibilitychange` event.
 */
async function setTabVisible(e2e: E2E, visible: boolean): Promise<void> {
  await e2e.page.evaluate((shown) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (shown ? 'visible' : 'hidden'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/**
 * One server for the simulated cameras' tests: eight aircraft and their docks, sixteen cameras,
 * enough for the largest wall; the tests of fewer tiles use the first streams of the tree. Only the
 * HLS test needs a server of its own (its play URLs are the server's setting).
 */
describe('the video wall of the simulated fleet', () => {
  const e2e = useE2E({ SIM_DRONES: '8' }, { seeded: true });

  describe('the video wall', () => {
    it('shows moving frames in four tiles and stops the streams when they close', async () => {
      await e2e.page.setViewportSize(DESKTOP);
      await fillWall(e2e, 4);
      const tile = e2e.page.getByTestId('video-tile-0');
      // The canvas takes the frame's size once the first frame is drawn.
      await expect
        .poll(() => tile.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width), WAIT)
        .toBe(320);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(4);
      await tile.getByTestId('video-latency').waitFor(WAIT);
      const first = await tile.locator('canvas').screenshot();
      await expect
        .poll(async () => !(await tile.locator('canvas').screenshot()).equals(first), WAIT)
        .toBe(true);
      await e2e.console.shot('video-wall-4-zh');
      await e2e.page.setViewportSize(PHONE);
      await e2e.console.shot('video-wall-phone-zh');
      // The language switch is in the top bar at desktop width (folded into a menu on a phone).
      await e2e.page.setViewportSize(DESKTOP);
      await e2e.console.switchLanguage('English');
      await e2e.page.setViewportSize(PHONE);
      await e2e.console.shot('video-wall-phone-en');
      await e2e.page.setViewportSize(DESKTOP);
      await tile.click();
      await e2e.console.shot('video-wall-enlarged-en');
      await e2e.page.getByTestId('video-tile-0').getByTestId('video-tile-close').click();

      for (let i = 1; i < 4; i++)
        await e2e.page
          .getByTestId(`video-tile-${String(i)}`)
          .getByTestId('video-tile-close')
          .click();
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(0);
    });

    it('keeps the wall per user', async () => {
      await e2e.console.signInTo('operator', '/video_square');
      await e2e.page.getByTestId('video-square').waitFor(WAIT);
      await e2e.page.getByTestId('video-layout-9').click();
      // The wall is saved on the server after each change: reload only once the save with the stream
      // has been answered, or the reload races it.
      const saved = e2e.page.waitForResponse(
        (r) =>
          r.url().includes('/api/video/layout') &&
          r.request().method() === 'POST' &&
          // A quote inside `tiles` is a stream id: the save that holds the chosen stream.
          /"tiles":\[[^\]]*"/.test(r.request().postData() ?? ''),
      );
      await e2e.page.locator('[data-testid^="stream-"]').first().click();
      await e2e.page.getByTestId('video-tile-8').waitFor();
      await saved;
      await e2e.page.reload();
      await e2e.page.getByTestId('video-tile-8').waitFor(WAIT);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(1);
      // Hiding the page (another tab in front) stops the stream as well.
      await e2e.page.goto('about:blank');
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(0);
    });
  });

  describe('the video wall with sixteen tiles', () => {
    const tiles = () => e2e.page.locator('.sd-video-tile');

    it('plays sixteen live tiles; a click enlarges, a double click goes full screen', async () => {
      await e2e.page.setViewportSize(DESKTOP);
      await fillWall(e2e, 16, 16);
      await expect.poll(() => drawnTiles(e2e), WAIT).toBe(16);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(16);
      await expect.poll(() => e2e.page.getByTestId('video-latency').count(), WAIT).toBe(16);
      await saveShot(e2e.page, 'video-square', 'zh-1440-16');
      await e2e.page.setViewportSize(PHONE);
      await saveShot(e2e.page, 'video-square', 'zh-390-16');
      await e2e.page.setViewportSize(DESKTOP);

      // A double click: full screen, and the wall behind it untouched. Its two clicks must not enlarge
      // the tile and shrink it back, which would tear down and rebuild the other fifteen players.
      const marked = () =>
        e2e.page
          .locator('.sd-video-tile canvas')
          .evaluateAll((all: HTMLCanvasElement[]) => all.filter((c) => c.dataset.kept).length);
      await e2e.page
        .locator('.sd-video-tile canvas')
        .evaluateAll((all: HTMLCanvasElement[]) => all.forEach((c) => (c.dataset.kept = 'yes')));
      const fifth = e2e.page.getByTestId('video-tile-5');
      await fifth.dblclick();
      await e2e.page.locator('[data-testid="video-tile-5"][data-full-screen="yes"]').waitFor(WAIT);
      expect(await tiles().count()).toBe(16);
      expect(await marked()).toBe(16);
      // Full screen asks for the big picture.
      await expect
        .poll(() => fifth.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width), WAIT)
        .toBe(640);
      await saveShot(e2e.page, 'video-square', 'zh-1440-full-screen');
      await e2e.page.evaluate(() => document.exitFullscreen());
      await e2e.page.locator('[data-testid="video-tile-5"][data-full-screen="no"]').waitFor(WAIT);
      expect(await tiles().count()).toBe(16);

      // A single click enlarges, once the double-click time has passed.
      await fifth.click();
      await expect.poll(() => tiles().count(), WAIT).toBe(1);
      await expect.poll(() => drawnTiles(e2e), WAIT).toBe(1);
      await saveShot(e2e.page, 'video-square', 'zh-1440-enlarged');
      await e2e.console.switchLanguage('English');
      await saveShot(e2e.page, 'video-square', 'en-1440-enlarged');
      await e2e.page.setViewportSize(PHONE);
      await saveShot(e2e.page, 'video-square', 'en-390-enlarged');
      await e2e.page.setViewportSize(DESKTOP);
      await e2e.page.getByRole('button', { name: 'Back to the wall' }).click();
      await expect.poll(() => drawnTiles(e2e), WAIT).toBe(16);
      await saveShot(e2e.page, 'video-square', 'en-1440-16');
      await e2e.page.setViewportSize(PHONE);
      await saveShot(e2e.page, 'video-square', 'en-390-16');
      await e2e.page.setViewportSize(DESKTOP);
    });

    it('stops every stream while the tab is hidden and resumes when it is shown', async () => {
      await fillWall(e2e, 4);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(4);
      await setTabVisible(e2e, false);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(0);
      await setTabVisible(e2e, true);
      await expect.poll(() => viewerTotal(e2e.server.url), WAIT).toBe(4);
      const canvas = e2e.page.getByTestId('video-tile-0').locator('canvas');
      const first = await canvas.screenshot();
      await expect.poll(async () => !(await canvas.screenshot()).equals(first), WAIT).toBe(true);
    });

    it('opens the cockpit of an aircraft from its tile', async () => {
      await fillWall(e2e, 4);
      const aircraft = e2e.page.locator('.sd-video-tile', {
        has: e2e.page.getByTestId('video-tile-cockpit'),
      });
      await aircraft.first().waitFor(WAIT);
      const name = await aircraft.first().locator('.sd-video-tile-name').innerText();
      await aircraft.first().getByTestId('video-tile-cockpit').click();
      await e2e.page.waitForURL((url) => url.pathname === '/drone_ctl');
      expect(new URL(e2e.page.url()).searchParams.get('sn')).toMatch(/^SIMUAV/);
      await e2e.page.getByTestId('cockpit').waitFor(WAIT);
      await expect.poll(() => e2e.page.locator('.dc-title').innerText(), WAIT).toBe(name);
      // Its main camera plays in the cockpit.
      await expect
        .poll(
          () => e2e.page.locator('canvas.dc-camera').evaluate((c: HTMLCanvasElement) => c.width),
          WAIT,
        )
        .toBe(640);
    });
  });
});

const hlsPort = await freePort();

describe.skipIf(!HAS_FFMPEG)('HLS playback (needs Debian ffmpeg)', () => {
  const e2e = useE2E(
    {
      SIM_DRONES: '1',
      LIVE_URL_TEMPLATE: `hls:http://127.0.0.1:${String(hlsPort)}/live/{sn}.m3u8`,
    },
    { seeded: true },
  );
  let dir = '';
  let files: Server | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skydeck-hls-'));
    // Twenty seconds of test pattern in 2 s segments: enough for currentTime to advance.
    const made = spawnSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=10',
      '-t',
      '20',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '20',
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-hls_list_size',
      '0',
      join(dir, 'stream.m3u8'),
    ]);
    if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr.toString()}`);
    files = createServer((req, res) => {
      // Every device's playlist is the one stream; segments are looked up by name.
      const name =
        normalize(req.url ?? '')
          .split('/')
          .pop() ?? '';
      const file = name.endsWith('.m3u8') ? 'stream.m3u8' : name;
      readFile(join(dir, file)).then(
        (body) => {
          res.writeHead(200, {
            'access-control-allow-origin': '*',
            'content-type':
              extname(file) === '.m3u8' ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
          });
          res.end(body);
        },
        () => {
          res.writeHead(404, { 'access-control-allow-origin': '*' });
          res.end();
        },
      );
    }).listen(hlsPort, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((done) => files?.close(done));
    await rm(dir, { recursive: true, force: true });
  });

  it('plays the stream a media server would serve and its time advances', async () => {
    await fillWall(e2e, 1);
    const video = e2e.page.getByTestId('video-tile-0').locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), WAIT)
      .toBeGreaterThan(1);
  });
});
