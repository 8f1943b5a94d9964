/**
 * Notifications end to end (Chromium, the real server): an admin adds a webhook channel pointing at
 * an HTTP server this test runs, sends a test through it (the receiver gets the JSON with a correct
 * signature), adds a rule for AI alarms through that channel, and sees the test delivery in the log.
 * Deleting asks first. Screenshots (SKYDECK_SHOTS=1) at desktop and phone sizes in both languages.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/setup.ts';
import { saveShot } from './support/shots.ts';

const SECRET = 'e2e-webhook-secret-0123';

interface Hit {
  url: string;
  signature: string;
  body: string;
}

/** A webhook receiver on a free port that records every request. */
async function receiver() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({
        url: req.url ?? '',
        signature: String(req.headers['x-skydeck-signature'] ?? ''),
        body,
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/hooks/skydeck`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const row = (page: Page, text: string) =>
  page.locator('.sd-table tbody tr').filter({ hasText: text });

/** Ticks a checkbox or switch of the open dialog by its label, the way a person clicks it. */
async function tick(page: Page, label: RegExp) {
  await page.locator('.bp6-dialog label.bp6-control').filter({ hasText: label }).click();
}

/** Closes the toasts on screen so a screenshot shows the page under them. */
async function clearToasts(page: Page) {
  const toasts = page.locator('.bp6-toast');
  await expect
    .poll(async () => {
      // A toast may close on its own timer between counting and clicking; the next poll sees that.
      const close = toasts.locator('button').first();
      if ((await close.count()) > 0) await close.click({ timeout: 1_000 }).catch(() => undefined);
      return toasts.count();
    })
    .toBe(0);
}

/** Waits until the dialog is open and has the focus (Blueprint moves it a frame later). */
async function dialogOpen(page: Page) {
  await page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
}

describe('notifications', () => {
  // The receiver listens on this machine: allowed by name, as an operator allows an internal hook.
  const e2e = useE2E({ SIM_DRONES: '0', NOTIFY_ALLOW_HOSTS: '127.0.0.1' });
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    hook = await receiver();
  });
  afterAll(() => hook.close());

  it('adds a webhook channel and an AI-alarm rule, sends a test and finds it in the log', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.signIn('admin');
    await e2e.console.open('/notifications');
    await tab(page, '通知规则').waitFor();
    await saveShot(page, 'notifications', 'rules-empty-zh-1440');

    // The channel: a webhook with a signing secret, added with the keyboard's Enter.
    await tab(page, '通知渠道').click();
    await page.getByTestId('notify-add-channel').click();
    await dialogOpen(page);
    await page.locator('#channel-name').fill('值班 Webhook');
    await page.locator('#channel-url').fill(hook.url);
    await page.locator('#channel-secret').fill(SECRET);
    await saveShot(page, 'notifications', 'channel-dialog-zh-1440');
    await page.locator('#channel-secret').press('Enter');
    await row(page, '值班 Webhook').waitFor();

    // Send test: the receiver gets the signed JSON, the console says so.
    await row(page, '值班 Webhook').getByRole('button', { name: '发送测试' }).click();
    await page
      .locator('.bp6-toast')
      .filter({ hasText: '测试消息已发送到「值班 Webhook」' })
      .waitFor();
    await expect.poll(() => hook.hits.length).toBe(1);
    const [hit] = hook.hits;
    expect(hit?.url).toBe('/hooks/skydeck');
    const expected = createHmac('sha256', SECRET)
      .update(hit?.body ?? '')
      .digest('hex');
    expect(hit?.signature).toBe(`sha256=${expected}`);
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({ type: 'test' });
    await clearToasts(page);
    await saveShot(page, 'notifications', 'channels-zh-1440');
    // Where it sends, its path masked (hooks keep tokens there) and readable, not percent-encoded.
    expect(await row(page, '值班 Webhook').textContent()).toContain('/hooks/••••••');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'channels-zh-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // An address inside the network, which the operator did not allow: refused under its field.
    await page.getByTestId('notify-add-channel').click();
    await dialogOpen(page);
    await page.locator('#channel-name').fill('内网 Webhook');
    await page.locator('#channel-url').fill('http://10.0.0.1/hook');
    await page.getByRole('button', { name: '保存' }).click();
    await page
      .locator('.bp6-dialog .bp6-form-helper-text')
      .filter({ hasText: 'NOTIFY_ALLOW_HOSTS' })
      .waitFor();
    await saveShot(page, 'notifications', 'channel-refused-zh-1440');
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.bp6-dialog').waitFor({ state: 'detached' });
    expect(await page.locator('.sd-table tbody tr').count()).toBe(1);

    // The rule: AI alarms through that channel, with quiet hours and a rate limit.
    await tab(page, '通知规则').click();
    await page.getByTestId('notify-add-rule').click();
    await dialogOpen(page);
    await page.locator('#rule-name').fill('火情告警');
    await tick(page, /^火情$/);
    // The workspace's only channel comes ticked.
    expect(await page.locator('#rule-channel_ids input').isChecked()).toBe(true);
    await tick(page, /^免打扰时段$/);
    await saveShot(page, 'notifications', 'rule-dialog-zh-1440');
    await page.getByRole('button', { name: '保存' }).click();
    const rule = row(page, '火情告警');
    await rule.waitFor();
    expect(await rule.textContent()).toContain('AI 告警');
    expect(await rule.textContent()).toContain('值班 Webhook');
    await saveShot(page, 'notifications', 'rules-zh-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'rules-zh-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The log shows the test delivery as sent, with its one try.
    await tab(page, '发送记录').click();
    const delivery = row(page, 'Skydeck 测试消息');
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('已发送');
    await clearToasts(page);
    await saveShot(page, 'notifications', 'log-zh-1440');
    // Each try of the delivery, from the keyboard: Enter opens the list, Escape closes it.
    await delivery.getByRole('button', { name: '查看 1 次尝试' }).focus();
    await page.keyboard.press('Enter');
    await dialogOpen(page);
    expect(await page.locator('.sd-notify-attempts').textContent()).toContain('第 1 次');
    await saveShot(page, 'notifications', 'log-attempts-zh-1440');
    await page.keyboard.press('Escape');
    await page.locator('.sd-notify-attempts').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await clearToasts(page);
    await saveShot(page, 'notifications', 'log-zh-390', { fullPage: true });
    // The phone layout folds the top bar's language switch away: switch at desktop size.
    await page.setViewportSize({ width: 1440, height: 900 });
    await e2e.console.switchLanguage('English');
    await tab(page, 'Delivery log').waitFor();
    await saveShot(page, 'notifications', 'log-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'log-en-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await tab(page, 'Channels').click();
    await row(page, '值班 Webhook').waitFor();
    await saveShot(page, 'notifications', 'channels-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'channels-en-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // Editing shows the credentials masked, with the word that leaving them keeps them.
    await row(page, '值班 Webhook').getByRole('button', { name: 'Edit' }).click();
    await dialogOpen(page);
    expect(await page.locator('#channel-url').inputValue()).toMatch(/\/hooks\/••••••$/);
    await page
      .locator('.bp6-dialog .bp6-form-helper-text')
      .filter({ hasText: 'Saved; leave as is to keep it' })
      .waitFor();
    await saveShot(page, 'notifications', 'channel-edit-en-1440');
    await page.keyboard.press('Escape');
    await page.locator('.bp6-dialog').waitFor({ state: 'detached' });
    await tab(page, 'Rules').click();
    await row(page, '火情告警').waitFor();
    await saveShot(page, 'notifications', 'rules-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'rules-en-390', { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The e-mail form, for a look at both sizes.
    await tab(page, 'Channels').click();
    await page.getByTestId('notify-add-channel').click();
    await dialogOpen(page);
    await page.locator('#channel-kind').selectOption('email');
    await saveShot(page, 'notifications', 'channel-email-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, 'notifications', 'channel-email-en-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Deleting asks first; cancelling keeps the rule.
    await tab(page, 'Rules').click();
    await row(page, '火情告警').getByRole('button', { name: 'Delete' }).click();
    const alert = page.locator('.sd-confirm-delete');
    await alert.waitFor();
    // The alert hears Escape once its overlay holds the focus, which it takes a frame after it
    // appears (an Escape before that went to the page, and the alert stayed open under load).
    await page.waitForFunction(() => {
      const overlay = document.querySelector('.sd-confirm-delete')?.closest('.bp6-overlay');
      const focused = document.activeElement;
      return (
        overlay !== null && overlay !== undefined && focused !== null && overlay.contains(focused)
      );
    });
    await saveShot(page, 'notifications', 'rule-delete-en-1440');
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'hidden' });
    await row(page, '火情告警').waitFor();
    await row(page, '火情告警').getByRole('button', { name: 'Delete' }).click();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await row(page, '火情告警').waitFor({ state: 'detached' });
  });
});
