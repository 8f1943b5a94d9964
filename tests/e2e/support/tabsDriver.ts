import type { Page } from 'playwright-core';

/** Near the left edge of a tag: its label side, never its close button (the middle may be). */
const LABEL_SPOT = { x: 5, y: 10 };

export type TagAction =
  'refresh' | 'close' | 'closeOther' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The tag bar as a user works it: click, middle-click, and the right-click menu. */
export class TabsDriver {
  constructor(readonly page: Page) {}

  /** Paths of the open tags, left to right. */
  paths(): Promise<string[]> {
    return this.page
      .locator('.sd-tagbar [data-path]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-path') ?? ''));
  }

  /** The path of the highlighted tag. */
  active(): Promise<string | null> {
    return this.page.locator('.sd-tag--active').getAttribute('data-path');
  }

  /** Clicks the tag of `path`. */
  async open(path: string): Promise<void> {
    await this.tag(path).click({ position: LABEL_SPOT });
    await this.page.locator(`.sd-tag--active[data-path="${path}"]`).waitFor();
  }

  /** Closes a tag with the middle mouse button. */
  async middleClick(path: string): Promise<void> {
    await this.tag(path).click({ button: 'middle', position: LABEL_SPOT });
  }

  /** Right-clicks the tag of `path` and picks an entry of its menu. */
  async act(path: string, action: TagAction): Promise<void> {
    await this.tag(path).click({ button: 'right', position: LABEL_SPOT });
    await this.page.locator(`.bp6-menu [data-action="${action}"]`).click();
  }

  /** "Close other" on the active tag. */
  async closeOthers(): Promise<void> {
    await this.act((await this.active()) ?? '', 'closeOther');
  }

  /** True when the whole tag of `path` lies inside the visible part of the bar. */
  async inView(path: string): Promise<boolean> {
    const bar = await this.page.locator('.sd-tagbar').boundingBox();
    const tag = await this.tag(path).boundingBox();
    if (!bar || !tag) return false;
    return tag.x >= bar.x - 0.5 && tag.x + tag.width <= bar.x + bar.width + 0.5;
  }

  /** How far the bar is scrolled sideways, in pixels. */
  scrollLeft(): Promise<number> {
    return this.page.locator('.sd-tagbar').evaluate((el) => el.scrollLeft);
  }

  /** Turns the mouse wheel (vertically, as most mice do) over the bar. */
  async wheel(deltaY: number): Promise<void> {
    await this.page.locator('.sd-tagbar').hover({ position: { x: 10, y: 5 } });
    await this.page.mouse.wheel(0, deltaY);
  }

  private tag(path: string) {
    return this.page.locator(`.sd-tagbar [data-path="${path}"]`);
  }
}
