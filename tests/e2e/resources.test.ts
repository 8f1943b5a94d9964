/**
 * The media library end to end: a dock (this test, speaking the protocol) asks for storage,
 * uploads photos to the server's S3 endpoint and reports them; the operator then finds them in
 * /resources, previews one, zips a selection and deletes one; a viewer sees no delete.
 */
import { readFile } from 'node:fs/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import { connectAsync, type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  API,
  type DeviceAdded,
  type LoginResult,
  type WorkspaceNode,
} from '../../protocol/http.ts';
import { MEDIA_API, type MediaListPage } from '../../protocol/media.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { apiCall } from './support/api.ts';
import { TEST_PASSWORD } from './support/server.ts';
import { useE2E } from './support/setup.ts';

const DOCK = 'E2EMEDIADOCK01';
const WAIT = { timeout: 30_000, interval: 500 };
const SHOTS = process.env.RESOURCES_SHOTS_DIR;

/** The photos the dock uploads: name, where, and a colour so each picture differs. */
const PHOTOS = [
  { name: 'DJI_0001_W.jpeg', lat: 22.5401, lng: 113.9501, colour: '#3a7' },
  { name: 'DJI_0002_W.jpeg', lat: 22.5405, lng: 113.9512, colour: '#37a' },
  { name: 'DJI_0003_W.jpeg', lat: 22.5411, lng: 113.9507, colour: '#a73' },
] as const;

/** An 800 × 600 picture with a grid and the file's name, so zoom and pan show something. */
function pictureSvg(name: string, colour: string): string {
  const lines = Array.from({ length: 7 }, (_, i) => {
    const x = (i + 1) * 100;
    return `<line x1="${String(x)}" y1="0" x2="${String(x)}" y2="600" stroke="#fff" stroke-opacity="0.3"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${colour}"/>${lines}
    <circle cx="400" cy="300" r="120" fill="none" stroke="#fff" stroke-width="8"/>
    <text x="400" y="560" font-size="48" text-anchor="middle" fill="#fff" font-family="sans-serif">${name}</text>
  </svg>`;
}

interface StorageConfig {
  bucket: string;
  endpoint: string;
  region: string;
  object_key_prefix: string;
  credentials: { access_key_id: string; access_key_secret: string; security_token: string };
}

const envelope = (method: string, data: unknown, extra: object = {}) =>
  JSON.stringify({
    tid: `t-${method}`,
    bid: `b-${method}`,
    timestamp: Date.now(),
    method,
    data,
    ...extra,
  });

/** Registers the test dock in the operator's project and connects to the broker as it. */
async function connectDock(url: string): Promise<{ client: MqttClient; workspaceId: number }> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'admin',
    password: TEST_PASSWORD,
  });
  const tree = await apiCall<WorkspaceNode[]>(url, API.workspaceTree, token);
  const project = tree[0]?.children?.find((node) => node.name === '深圳湾巡检');
  if (project === undefined) throw new Error('the demo project is missing');
  const added = await apiCall<DeviceAdded>(url, API.deviceAdd, token, {
    device_sn: DOCK,
    name: 'E2E 媒体机场',
    domain: 3,
    type: 2,
    sub_type: 0,
    model_name: 'DJI Dock 2',
    workspace_id: project.id,
  });
  const client = await connectAsync(`${url.replace(/^http/, 'ws')}/mqtt`, {
    clientId: deviceClientId(DOCK),
    username: DOCK,
    password: added.device_secret,
    reconnectPeriod: 0,
  });
  return { client, workspaceId: project.id };
}

/** Protocol §8 step 1–2: the dock asks where to upload and gets short-lived credentials. */
async function storageConfig(client: MqttClient): Promise<StorageConfig> {
  await client.subscribeAsync(`thing/product/${DOCK}/requests_reply`);
  const reply = new Promise<StorageConfig>((resolve) => {
    client.on('message', (_topic, payload) => {
      const msg = JSON.parse(payload.toString()) as {
        method?: string;
        data?: { output?: StorageConfig };
      };
      if (msg.method === 'storage_config_get' && msg.data?.output) resolve(msg.data.output);
    });
  });
  await client.publishAsync(
    `thing/product/${DOCK}/requests`,
    envelope('storage_config_get', { module: 0 }),
  );
  return reply;
}

/** Uploads the photos as a dock does (S3 PUT) and reports each with `file_upload_callback`. */
async function uploadPhotos(client: MqttClient, config: StorageConfig): Promise<void> {
  const s3 = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: config.credentials.access_key_id,
      secretAccessKey: config.credentials.access_key_secret,
      sessionToken: config.credentials.security_token,
    },
  });
  for (const [i, photo] of PHOTOS.entries()) {
    const body = await sharp(Buffer.from(pictureSvg(photo.name, photo.colour)))
      .jpeg()
      .toBuffer();
    const key = `${config.object_key_prefix}/e2e-flight/${photo.name}`;
    await s3.send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        Body: body,
        ContentType: 'image/jpeg',
      }),
    );
    const file = {
      object_key: key,
      path: 'e2e-flight',
      name: photo.name,
      ext: {
        flight_id: 'e2e-flight',
        drone_model_key: '0-91-0',
        payload_model_key: '1-81-0',
        is_original: true,
      },
      metadata: {
        gimbal_yaw_degree: 30 * i,
        absolute_altitude: 120.5,
        relative_altitude: 100,
        create_time: `2026-11-20 0${String(i + 1)}:00:00`,
        shoot_position: { lat: photo.lat, lng: photo.lng },
      },
    };
    await client.publishAsync(
      `thing/product/${DOCK}/events`,
      envelope('file_upload_callback', { file, result: 0 }, { need_reply: 1, gateway: DOCK }),
    );
  }
}

async function mediaTotal(url: string, workspaceId: number): Promise<number> {
  const { token } = await apiCall<LoginResult>(url, API.login, null, {
    username: 'operator',
    password: TEST_PASSWORD,
  });
  const page = await apiCall<MediaListPage>(
    url,
    `${MEDIA_API.list}?workspace_id=${String(workspaceId)}&current=1&size=10`,
    token,
  );
  return page.total;
}

/** The library as a user reads it. */
class Library {
  constructor(readonly page: Page) {}
  cards = () => this.page.getByTestId('media-card');
  async open(): Promise<void> {
    await this.page.goto('/resources');
    await this.page.getByTestId('resources-page').waitFor();
  }
  /** Every thumbnail of the grid has loaded into a real picture. */
  thumbsLoaded(): Promise<boolean> {
    return this.page
      .locator('.sd-media-grid img')
      .evaluateAll(
        (imgs) =>
          imgs.length > 0 &&
          imgs.every(
            (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
          ),
      );
  }
  async view(label: string): Promise<void> {
    await this.page.getByTestId('media-view').getByRole('radio', { name: label }).click();
  }
  /** Picks a language from the top bar's language button (named by its label in the current one). */
  async language(button: string, name: string): Promise<void> {
    await this.page.locator('.sd-shell').getByRole('button', { name: button, exact: true }).click();
    await this.page.getByRole('menuitem', { name }).click();
  }
  /** Waits until the preview dialog has finished opening (its fade-in). */
  async previewOpen(): Promise<void> {
    await this.page.locator('.sd-media-preview').waitFor();
    await this.page.waitForFunction(() => {
      const box = document.querySelector('.sd-media-preview')?.closest('.bp6-dialog-container');
      return box !== null && box !== undefined && getComputedStyle(box).opacity === '1';
    });
  }
  /**
   * Closes the preview with Escape and waits until it is gone: a click elsewhere while its backdrop
   * is still there lands on the backdrop. On a loaded machine the first Escape can arrive before
   * the dialog listens for it, so it is pressed again while the preview stays.
   */
  async closePreview(): Promise<void> {
    const preview = this.page.locator('.sd-media-preview');
    for (let attempt = 0; attempt < 5 && (await preview.count()) > 0; attempt += 1) {
      await this.page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
    await this.page.locator('.bp6-overlay-backdrop').waitFor({ state: 'detached' });
  }
  async shot(name: string): Promise<void> {
    if (SHOTS) await this.page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

describe('media library', () => {
  const e2e = useE2E();
  let dock: MqttClient | undefined;
  let workspaceId = 0;

  afterAll(async () => {
    await dock?.endAsync(true);
  });

  it('lists what a dock uploaded, previews it with its facts, zips a selection and deletes', async () => {
    const { page, server } = e2e;
    const connected = await connectDock(server.url);
    dock = connected.client;
    workspaceId = connected.workspaceId;
    await uploadPhotos(dock, await storageConfig(dock));
    await expect.poll(() => mediaTotal(server.url, workspaceId), WAIT).toBe(PHOTOS.length);

    await e2e.console.signIn('operator');
    const library = new Library(page);
    await library.open();
    await expect.poll(() => library.cards().count(), WAIT).toBe(PHOTOS.length);
    await expect.poll(() => library.thumbsLoaded(), WAIT).toBe(true);
    await library.shot('grid-zh-desktop');

    // The preview: the picture, its facts, and the arrow keys step through the page.
    await library.cards().first().locator('.sd-media-open').click();
    const preview = page.locator('.sd-media-preview');
    await library.previewOpen();
    const facts = await preview.locator('.sd-media-facts td').allInnerTexts();
    expect(facts).toEqual(expect.arrayContaining(['e2e-flight', '800 × 600', '120.5 米']));
    expect(facts.some((f) => f.includes(DOCK))).toBe(true);
    expect(await preview.getByTestId('media-counter').innerText()).toBe(
      `1 / ${String(PHOTOS.length)}`,
    );
    await page.keyboard.press('ArrowRight');
    expect(await preview.getByTestId('media-counter').innerText()).toBe(
      `2 / ${String(PHOTOS.length)}`,
    );
    await preview.getByRole('button', { name: '放大' }).click();
    expect(await preview.getByTestId('media-zoom').innerText()).toBe('125%');
    await library.shot('preview-zh-desktop');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Two files zipped: the archive holds exactly them.
    const boxes = page.locator('.sd-media-pick input');
    await boxes.nth(0).check({ force: true });
    await boxes.nth(1).check({ force: true });
    const names = await library.cards().locator('.sd-media-name').allInnerTexts();
    const download = page.waitForEvent('download');
    await page.getByTestId('media-zip-start').click();
    const saved = await (await download).path();
    const entries = Object.keys(unzipSync(new Uint8Array(await readFile(saved))));
    expect(entries.sort()).toEqual(names.slice(0, 2).sort());

    await library.view('列表');
    await page.getByTestId('media-list').waitFor();
    await library.shot('list-zh-desktop');
    await library.view('地图');
    const map = page.locator('[data-testid=media-map] .maplibregl-map');
    await expect.poll(() => map.getAttribute('data-photos'), WAIT).toBe(String(PHOTOS.length));
    await library.shot('map-zh-desktop');
    await library.view('网格');

    // Delete asks first, then the file is gone.
    await page.getByTestId('media-selected').locator('button').click();
    await boxes.nth(0).check({ force: true });
    await page.getByTestId('media-delete').click();
    const alert = page.locator('.sd-confirm-delete');
    await alert.waitFor();
    await library.shot('delete-zh-desktop');
    await alert.getByRole('button', { name: '删除' }).click();
    await expect.poll(() => library.cards().count(), WAIT).toBe(PHOTOS.length - 1);
  });

  it('opens preset to a flight, reads in English, fits a phone, and shows a viewer no delete', async () => {
    const { page } = e2e;
    await e2e.console.signIn('viewer');
    const library = new Library(page);
    await page.goto('/resources?flight_id=e2e-flight');
    await expect.poll(() => library.cards().count(), WAIT).toBe(PHOTOS.length - 1);
    expect(await page.getByText('架次：e2e-flight').count()).toBe(1);
    expect(await page.getByTestId('media-delete').count()).toBe(0);
    await page.goto('/resources?flight_id=none-such');
    await page.getByTestId('media-empty').waitFor();

    await library.language('语言', 'English');
    await library.open();
    await expect.poll(() => library.cards().count(), WAIT).toBe(PHOTOS.length - 1);
    await expect.poll(() => library.thumbsLoaded(), WAIT).toBe(true);
    await library.shot('grid-en-desktop');
    await library.cards().first().locator('.sd-media-open').click();
    await library.previewOpen();
    expect(await page.locator('.sd-media-facts th').allInnerTexts()).toEqual(
      expect.arrayContaining(['Shot at', 'Position', 'Gimbal yaw', 'MD5']),
    );
    await library.shot('preview-en-desktop');
    await library.closePreview();

    await page.setViewportSize({ width: 390, height: 844 });
    await library.open();
    await expect.poll(() => library.thumbsLoaded(), WAIT).toBe(true);
    await library.shot('grid-en-phone');
    await library.cards().first().locator('.sd-media-open').click();
    await library.previewOpen();
    await library.shot('preview-en-phone');
    await library.closePreview();
    await page.setViewportSize({ width: 1440, height: 900 });
    await library.language('Language', '简体中文');
    await page.setViewportSize({ width: 390, height: 844 });
    await library.open();
    await expect.poll(() => library.thumbsLoaded(), WAIT).toBe(true);
    await library.shot('grid-zh-phone');
    await library.view('地图');
    await expect
      .poll(
        () => page.locator('[data-testid=media-map] .maplibregl-map').getAttribute('data-photos'),
        WAIT,
      )
      .toBe(String(PHOTOS.length - 1));
    await library.shot('map-zh-phone');
  });
});
