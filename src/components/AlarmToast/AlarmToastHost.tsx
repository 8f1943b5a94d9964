/**
 * Mounted once by the shell: turns each AI detection the tab hears live into a toast with its
 * thumbnail, the unread count of the menu and (when switched on) a sound. Detections come through
 * the tab's one MQTT link like every device event; the stored alarm (snapshot link) is read back.
 * A few toasts at a time, only for the current project's devices (see toastPolicy.ts).
 */
import { useEffect, useRef } from 'react';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import { navigateTo } from '../../app/navigation.ts';
import { menuNames } from '../../app/routeMatch.ts';
import { accountStore, useAccountState } from '../../state/account.ts';
import { listedSerials, useAlarmFeed } from '../../fleet/fleet.ts';
import type { AlarmEntry } from '../../fleet/derive/alarms.ts';
import { AlarmToastCard, MoreAlarmsCard } from './AlarmToastCard.tsx';
import { playAlarmSound } from './alarmSound.ts';
import { announceArrival, markAlarmsSeen, resetUnread, type AiArrival } from './liveAlarms.ts';
import { fetchOpenAlarms } from './toastApi.ts';
import {
  AlarmToastPolicy,
  MAX_ALARM_TOASTS,
  MAX_ALARM_TOASTS_PHONE,
  type ToastStep,
} from './toastPolicy.ts';
import './alarmToast.css';

const PAGE_PATH = '/aralm';
/** A toast stays this long unless hovered, ms: long enough to glance up from another screen. */
const TOAST_MS = 20_000;
/** Key of the one "N more alarms" toast, so that each overflow updates it in place. */
const MORE_KEY = 'ai-alarm-more';
/** Phones: the width up to which toasts are compact and only one alarm shows at a time. */
const PHONE_QUERY = '(max-width: 600px)';

let toaster: Promise<Toaster> | null = null;
// The policy keeps the count; Blueprint's own cap (which drops the oldest) only backs it up.
const instance = () =>
  (toaster ??= OverlayToaster.create({
    position: Position.BOTTOM_RIGHT,
    maxToasts: MAX_ALARM_TOASTS + 1,
  }));
const policy = new AlarmToastPolicy();

const onPhone = (): boolean => window.matchMedia(PHONE_QUERY).matches;

/**
 * Whether device `sn` belongs to the project the user is in: the project's fleet list, or the
 * account's device list (which may hold more than the project, hence the workspace check).
 */
function inCurrentProject(sn: string): boolean {
  const workspace = accountStore.workspace;
  if (workspace === null) return false;
  if (listedSerials().includes(sn)) return true;
  return accountStore.devices.some(
    (d) =>
      d.device_sn === sn && (workspace.mold_id !== MOLD_PROJECT || d.workspace_id === workspace.id),
  );
}

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

function show(step: ToastStep): void {
  void instance().then((t) => {
    if (step.kind === 'more') {
      t.show(
        {
          message: (
            <MoreAlarmsCard
              count={step.count}
              onOpen={() => {
                navigateTo(PAGE_PATH);
                t.dismiss(MORE_KEY);
              }}
            />
          ),
          intent: 'warning',
          timeout: TOAST_MS,
          className: 'sd-alarm-toast-host',
          onDismiss: () => policy.moreDismissed(),
        },
        MORE_KEY,
      );
      return;
    }
    t.show(
      {
        message: <AlarmToastCard arrival={step.arrival} onOpen={() => t.dismiss(step.key)} />,
        intent: 'warning',
        timeout: TOAST_MS,
        className: 'sd-alarm-toast-host',
        onDismiss: () => policy.dismissed(step.key),
      },
      step.key,
    );
  });
}

/** Takes every alarm toast off the screen (the user moved to another project). */
function clearAll(): void {
  void instance().then((t) => t.clear());
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

  // Toasts about another project's devices do not follow the user into this one.
  useEffect(() => {
    if (policy.enterProject(workspace?.id ?? null)) clearAll();
  }, [workspace?.id]);

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
    const limit = onPhone() ? MAX_ALARM_TOASTS_PHONE : MAX_ALARM_TOASTS;
    let heard = false;
    for (const entry of ai) {
      if (seen.current.has(entry.id)) continue;
      seen.current.add(entry.id);
      if (!allowed) continue;
      const arrival = arrivalOf(entry);
      const step = policy.arrive(arrival, inCurrentProject(arrival.sn), limit);
      // Another project's device (the watch list lags a project switch): not this user's news here.
      if (step === null) continue;
      announceArrival(arrival, onPage);
      show(step);
      heard = true;
    }
    // One sound for a burst, not one per detection.
    if (heard) playAlarmSound();
  }, [feed, allowed, onPage]);
  return null;
}
