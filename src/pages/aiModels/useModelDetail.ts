import { useEffect, useState } from 'react';
import type { AiModelDetail } from '../../../protocol/models.ts';
import { fetchModel } from '../../api/models.ts';
import { isLive } from './useDeployWords.ts';

/** How often a model with deployments under way is read again, ms. */
const POLL_MS = 1500;

/**
 * One model with its versions and deployments, read again when `reload` changes and, while a
 * device is still fetching it, every POLL_MS until every deployment has settled.
 */
export function useModelDetail(id: number | null, reload: number) {
  const [detail, setDetail] = useState<AiModelDetail | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    // No model: the answer below is null whatever is kept.
    if (id === null) return;
    let gone = false;
    void fetchModel(id)
      .then((d) => {
        if (!gone) setDetail(d);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [id, reload, tick]);
  const live = detail?.deployments.some(isLive) ?? false;
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [live, detail]);
  return detail?.id === id ? detail : null;
}
