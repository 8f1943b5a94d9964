import { Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import { AI_CATEGORIES } from '../../../protocol/aiAlarms.ts';
import { navigateTo } from '../../app/navigation.ts';
import { clock, type Cancel } from '../../lib/clock.ts';
import type { AiArrival } from './liveAlarms.ts';
import { fetchByEvent } from './toastApi.ts';

/**
 * Ingestion stores the alarm and draws its snapshot just after the console hears it: ask again,
 * a little later each time (a busy server may take seconds), for about a minute at most.
 */
const FIRST_RETRY_MS = 400;
const MAX_RETRY_MS = 2_000;
const MAX_TRIES = 40;
const retryDelay = (tries: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 1.3 ** tries);

/** The stored alarm of an arrival once it has a snapshot (or the tries ran out). */
function useStoredAlarm(a: AiArrival): AiAlarm | null {
  const [alarm, setAlarm] = useState<AiAlarm | null>(null);
  useEffect(() => {
    let cancel: Cancel | null = null;
    let tries = 0;
    let done = false;
    const attempt = () => {
      tries++;
      void fetchByEvent(a.sn, a.eventId).then(
        (stored) => {
          if (done) return;
          setAlarm(stored);
          if (stored.snapshot_url === null && tries < MAX_TRIES)
            cancel = clock.setTimeout(attempt, retryDelay(tries));
        },
        () => {
          if (!done && tries < MAX_TRIES) cancel = clock.setTimeout(attempt, retryDelay(tries));
        },
      );
    };
    attempt();
    return () => {
      done = true;
      cancel?.();
    };
  }, [a.sn, a.eventId]);
  return alarm;
}

/** What a live toast shows: the thumbnail with its box, the class, the device and the confidence. */
export function AlarmToastCard({ arrival, onOpen }: { arrival: AiArrival; onOpen: () => void }) {
  const { t } = useTranslation('alarmToast');
  const page = useTranslation('aiAlarms').t;
  const alarm = useStoredAlarm(arrival);
  const known = (AI_CATEGORIES as readonly string[]).includes(arrival.category);
  const category = known
    ? page(`categories.${arrival.category as (typeof AI_CATEGORIES)[number]}`)
    : arrival.category;
  const box = alarm?.box ?? null;
  // A gas threshold crossing has no picture and no detector confidence: an icon and the device only.
  const gas = arrival.category.startsWith('gas_');
  return (
    <button
      type="button"
      className="sd-alarm-toast"
      data-testid="alarm-toast"
      onClick={() => {
        navigateTo(alarm === null ? '/aralm' : `/aralm?open=${String(alarm.id)}`);
        onOpen();
      }}
    >
      <span className="sd-alarm-toast-thumb">
        {gas && <Icon icon="heat-grid" size={32} className="sd-alarm-toast-icon" />}
        {alarm?.snapshot_url != null && (
          <img src={alarm.snapshot_url} alt={category} data-testid="alarm-toast-thumb" />
        )}
        {alarm?.snapshot_url != null && box && (
          <span
            className="sd-alarm-toast-box"
            style={{
              left: `${String(box.x * 100)}%`,
              top: `${String(box.y * 100)}%`,
              width: `${String(box.w * 100)}%`,
              height: `${String(box.h * 100)}%`,
            }}
          />
        )}
      </span>
      <span className="sd-alarm-toast-text">
        <b>{t(gas ? 'gasTitle' : 'title', { category })}</b>
        <span>
          {gas
            ? (alarm?.device_name ?? arrival.sn)
            : t('body', {
                device: alarm?.device_name ?? arrival.sn,
                confidence: Math.round((arrival.confidence ?? 0) * 100),
              })}
        </span>
      </span>
    </button>
  );
}

/** The one summary toast of a burst: how many alarms came without a toast, opening the alarm page. */
export function MoreAlarmsCard({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation('alarmToast');
  return (
    <button
      type="button"
      className="sd-alarm-toast sd-alarm-toast-more"
      data-testid="alarm-toast-more"
      data-count={count}
      onClick={onOpen}
    >
      <Icon icon="layers" className="sd-alarm-toast-more-icon" />
      <span className="sd-alarm-toast-text">
        <b>{t('more', { count })}</b>
        <span>{t('moreHint')}</span>
      </span>
    </button>
  );
}
