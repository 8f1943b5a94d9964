import { useCallback, useEffect, useState } from 'react';
import type { LiveStream, VideoLayout } from '../../../protocol/video.ts';
import { useAccountState } from '../../state/account.ts';
import { listStreams, loadLayout, saveLayout } from './videoApi.ts';
import { DEFAULT_LAYOUT } from './wallLayout.ts';

/**
 * The wall's streams and the user's saved layout. The layout lives on the server (spec §3 limits the
 * console's local storage keys); each change is saved as it is made.
 */
export function useWall() {
  const { workspace } = useAccountState();
  const workspaceId = workspace?.id;
  const [streams, setStreams] = useState<LiveStream[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [layout, setLayout] = useState<VideoLayout | null>(null);

  const reload = useCallback(() => {
    listStreams(workspaceId).then(
      (list) => {
        setStreams(list);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [workspaceId]);

  useEffect(reload, [reload]);
  useEffect(() => {
    loadLayout().then(
      (saved) => setLayout(saved ?? DEFAULT_LAYOUT),
      () => setLayout(DEFAULT_LAYOUT),
    );
  }, []);

  const change = useCallback((next: VideoLayout) => {
    setLayout(next);
    void saveLayout(next).catch(() => undefined); // the client has toasted the reason
  }, []);

  return { streams, failed, layout, change, reload };
}
