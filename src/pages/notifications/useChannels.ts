import { useCallback, useEffect, useState } from 'react';
import type { NotificationChannel } from '../../../protocol/notifications.ts';
import { listChannels } from './notificationsApi.ts';

/** The workspace's channels, shared by the tabs (rule channels, log filter); reload after a change. */
export function useChannels(workspaceId: number | undefined) {
  const [channels, setChannels] = useState<NotificationChannel[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (workspaceId === undefined) return;
    let current = true;
    // A failure was toasted by the client; the tabs keep the last list they had.
    listChannels(workspaceId)
      .then((list) => {
        if (current) setChannels(list);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [workspaceId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { channels, reload };
}

/** A page of `rows` the way the table asks for one (the lists are short and come whole). */
export function pageOf<T>(rows: readonly T[], q: { current: number; size: number }) {
  return { data: rows.slice((q.current - 1) * q.size, q.current * q.size), total: rows.length };
}
