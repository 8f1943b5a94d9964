/**
 * Mounted once by the shell: turns each AI detection the tab hears live into a toast with its
 * thumbnail, the unread count of the menu and (when switched on) a sound. Detections come through
 * the tab's one MQTT link like every device event; the stored alarm (snapshot link) is read back.
 */
import { useEffect, useRef } from 'react';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import { menuNames } from '../../app/routeMatch.ts';
import { useAccountState } from '../../state/account.ts';
import { useAlarmFeed } from '../../state/fleet.ts';
import type { AlarmEntry } from '../../telemetry/alarms.ts';
import { AlarmToastCard } from './AlarmToastCard.tsx';
import { playAlarmSound } from './alarmSound.ts';
import { announceArrival, markAlarmsSeen, resetUnread, type AiArrival } from './liveAlarms.ts';
import { fetchOpenAlarms } from './toastApi.ts';
import './alarmToast.css';

const PAGE_PATH = '/aralm';
/** A toast stays this long unless hovered, ms: long enough to glance up from another screen. */
const TOAST_MS = 20_000;

let toaster: Promise<Toaster> | null = null;
const instance = () =>
  (toaster ??= OverlayToaster.create({ position: Position.BOTTOM_RIGHT, maxToasts: 3 }));

function arrivalOf(entry: AlarmEntry): AiArrival {
  const marker = '|ai|';
  return {
    sn: entry.sn,
    eventId: entry.id.slice(entry.id.indexOf(marker) + marker.length),
    category: entry.code,
    confidence: entry.confidence,
    ts: entry.ts,
  };
}

function show(arrival: AiArrival): void {
  void instance().then((t) => {
    const key: string = t.show({
      message: <AlarmToastCard arrival={arrival} onOpen={() => t.dismiss(key)} />,
      intent: 'warning',
      timeout: TOAST_MS,
      className: 'sd-alarm-toast-host',
    });
  });
}

/** Live AI-alarm toasts and unread count; renders nothing itself. */
export function AlarmToastHost() {
  const feed = useAlarmFeed();
  const { pathname } = useLocation();
  const { menus, workspace } = useAccountState();
  const allowed = menus !== null && menuNames(menus).has('aralm');
  const onPage = pathname === PAGE_PATH;
  const seen = useRef<Set<string> | null>(null);
  const onPageNow = useRef(onPage);

  // A console opened later starts from the alarms still new on the server.
  useEffect(() => {
    if (!allowed) return;
    const id = workspace?.mold_id === MOLD_PROJECT ? workspace.id : undefined;
    void fetchOpenAlarms(id).then(
      // On the alarm page itself everything is in view: nothing is unread.
      (open) => resetUnread(onPageNow.current ? 0 : open.filter((a) => a.status === 'new').length),
      () => undefined,
    );
  }, [allowed, workspace?.id, workspace?.mold_id]);

  useEffect(() => {
    onPageNow.current = onPage;
    if (onPage) markAlarmsSeen();
  }, [onPage]);

  useEffect(() => {
    const ai = feed.filter((e) => e.source === 'ai_alarm');
    // What is in the feed when the shell mounts was not heard just now: no toast for it.
    if (seen.current === null) {
      seen.current = new Set(ai.map((e) => e.id));
      return;
    }
    for (const entry of ai) {
      if (seen.current.has(entry.id)) continue;
      seen.current.add(entry.id);
      if (!allowed) continue;
      const arrival = arrivalOf(entry);
      announceArrival(arrival, onPage);
      show(arrival);
      playAlarmSound();
    }
  }, [feed, allowed, onPage]);
  return null;
}
