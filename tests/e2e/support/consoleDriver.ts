import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from './server.ts';
import { saveShot } from './shots.ts';

export type DemoUser = 'admin' | 'operator' | 'viewer';
/** The interface languages, as the language menu names them. */
export type Language = '简体中文' | 'English';

/** A person using the console: signs in, moves around, reads what the screen says. */
export class ConsoleDriver {
  constructor(readonly page: Page) {}

  /**
   * Opens the sign-in page (optionally with a redirect) and signs in as a demo user, first picking
   * the interface language on that page when `language` is given.
   */
  async signIn(
    user: DemoUser,
    opts: { password?: string; redirect?: string; language?: Language } = {},
  ): Promise<void> {
    const query =
      opts.redirect === undefined ? '' : `?redirect=${encodeURIComponent(opts.redirect)}`;
    await this.page.goto(`/login${query}`);
    if (opts.language !== undefined) await this.switchLanguage(opts.language);
    await this.fillSignIn(user, opts.password ?? TEST_PASSWORD);
    await this.page.waitForURL((url) => url.pathname !== '/login');
    await this.page.locator('.sd-shell, .sd-error-page').first().waitFor();
  }

  /**
   * Signs in straight to `path`, as a person following a link to it would, and waits for the page
   * to settle: one load of the console where signing in and then opening `path` takes two.
   */
  async signInTo(user: DemoUser, path: string, language?: Language): Promise<void> {
    await this.signIn(user, { redirect: path, language });
    await this.settled();
  }

  /** Types the credentials into the sign-in form and presses Enter. */
  async fillSignIn(user: string, password: string): Promise<void> {
    await this.page.locator('#login-username').fill(user);
    await this.page.locator('#login-password').fill(password);
    await this.page.locator('#login-password').press('Enter');
  }

  /** Goes to an address of the console and waits for the page to settle. */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await this.settled();
  }

  /**
   * Moves to an address inside the running console, as following a link does: the router changes
   * page, nothing is loaded again. Then waits for the page to settle.
   */
  async navigate(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await this.page.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await this.settled();
  }

  /** Waits until no loading mask is on screen. */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('.sd-loading-mask') === null);
  }

  /** The current path and query. */
  where(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }

  /** The route titles of the sidebar entries, in order. */
  async menu(): Promise<string[]> {
    await this.page.locator('.sd-sidebar [data-menu]').first().waitFor();
    return this.page
      .locator('.sd-sidebar [data-menu]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu') ?? ''));
  }

  /** Clicks a sidebar entry by route title. */
  async clickMenu(title: string): Promise<void> {
    await this.page.locator(`.sd-sidebar [data-menu="${title}"]`).click();
    await this.page.locator(`.sd-sidebar .bp6-active[data-menu="${title}"]`).waitFor();
    await this.settled();
  }

  /** Waits for an error page to be drawn and answers its heading (the page may still be loading). */
  async shownError(): Promise<string> {
    const title = this.page.locator('.sd-error:visible h4').first();
    await title.waitFor();
    return (await title.textContent()) ?? '';
  }

  /** The heading of the error page on screen, or null. */
  async errorTitle(): Promise<string | null> {
    const title = this.page.locator('.sd-error:visible h4').first();
    return (await title.count()) > 0 ? title.textContent() : null;
  }

  /** Switches the interface language from the top bar (or the sign-in page). */
  async switchLanguage(name: Language): Promise<void> {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  /** Opens the user menu and picks an entry by its visible label. */
  async userMenu(label: string): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  /**
   * Opens a user-menu entry that shows a dialog, and waits until the dialog has finished opening:
   * Blueprint moves the focus into a dialog a frame after it opens, and a key pressed before that
   * lands on the dialog itself rather than on the field a person would have typed in.
   */
  async userDialog(label: string): Promise<void> {
    await this.userMenu(label);
    await this.page.locator('.bp6-dialog-container.bp6-overlay-enter-done').waitFor();
  }

  /** Reads one local-storage value. */
  storage(key: string): Promise<string | null> {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }

  /** Saves a screenshot under `{SHOTS_DIR}/shell/` when `SKYDECK_SHOTS=1` (see shots.ts). */
  async shot(name: string): Promise<void> {
    await saveShot(this.page, 'shell', name);
  }
}
