/**
 * Links into the replay from other pages: an alarm or a log entry opens ten minutes either side with
 * the cursor on it and its device selected, a device its last hour alone; only roles whose menu holds
 * the replay get a link.
 */
import { describe, expect, it } from 'vitest';
import {
  canOpenReplay,
  recentTarget,
  replayLink,
} from '../../../src/components/OpenInReplay/replayLink.ts';
import { viewOf } from '../../../src/pages/replay/replayView.ts';
import type { MenuView } from '../../../src/state/account.ts';

const AT = Date.UTC(2026, 10, 27, 6, 32, 5);
const LATER = AT + 7 * 86_400_000;

/** The view a link opens, read back as the replay page reads its address. */
function opened(link: string | null) {
  if (link === null) throw new Error('no link');
  const url = new URL(link, 'http://console');
  expect(url.pathname).toBe('/replay');
  return viewOf(url.searchParams, LATER);
}

const menu = (name: string, children: MenuView[] = []): MenuView =>
  ({ id: 1, name, path: `/${name}`, children }) as unknown as MenuView;

describe('replay links', () => {
  it('opens an alarm ten minutes either side, the cursor on it, its device selected', () => {
    const view = opened(replayLink({ at: new Date(AT).toISOString(), sn: 'UAV1' }));
    expect(view).toMatchObject({
      preset: 'custom',
      from: AT - 600_000,
      to: AT + 600_000,
      t: AT,
      sn: 'UAV1',
      devices: [],
    });
  });

  it('opens a device’s last hour, that device alone, the cursor at the end', () => {
    const view = opened(replayLink(recentTarget('DOCK1', AT)));
    expect(view).toMatchObject({ from: AT - 3_600_000, t: AT, sn: 'DOCK1', devices: ['DOCK1'] });
    expect(view.to).toBeGreaterThan(AT);
  });

  it('opens the whole project when the moment names no device, and nothing for no time', () => {
    expect(opened(replayLink({ at: AT })).sn).toBeNull();
    expect(replayLink({ at: 'not a time' })).toBeNull();
  });

  it('is there only for a role whose menu holds the replay', () => {
    expect(canOpenReplay(null)).toBe(false);
    expect(canOpenReplay([menu('workbench'), menu('aralm')])).toBe(false);
    expect(canOpenReplay([menu('workbench'), menu('history', [menu('replay')])])).toBe(true);
  });
});
