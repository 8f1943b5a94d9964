import { useCallback, useEffect, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import type { DrcStatus } from '../../../protocol/drc.ts';
import { fetchDrcStatus } from '../../api/drc.ts';
import { clock } from '../../lib/clock.ts';

/** A second user sees a new holder within this long (ms). */
const STATUS_POLL_MS = 3_000;

export interface DrcStatusPoll {
  /** Who holds the dock's session, as the server last said; `null` before the first answer. */
  status: DrcStatus | null;
  setStatus: Dispatch<SetStateAction<DrcStatus | null>>;
  /** Asks the server again now (after a refused entry). */
  refresh: () => void;
}

/** Who holds the cockpit session of `dockSn`, polled so that a holder elsewhere shows up here. */
export function useDrcStatus(dockSn: string | null): DrcStatusPoll {
  const [status, setStatus] = useState<DrcStatus | null>(null);
  const refresh = useCallback(() => {
    if (dockSn === null) return;
    fetchDrcStatus(dockSn).then(setStatus, () => undefined);
  }, [dockSn]);

  useEffect(() => {
    refresh();
    return clock.setInterval(refresh, STATUS_POLL_MS);
  }, [refresh]);
  return { status, setStatus, refresh };
}
