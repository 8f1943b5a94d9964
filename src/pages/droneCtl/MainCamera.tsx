/**
 * The aircraft's main camera, full size under the HUD. The stream URL comes from `/api/liveInfo`
 * (a signed link that expires), so an ended stream fetches a fresh one.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../protocol/http.ts';
import type { LiveStream } from '../../../protocol/video.ts';
import { http } from '../../api/http.ts';
import { VideoPlayer, type PlayerStats } from '../../components/VideoPlayer/index.ts';
import { useAccountState } from '../../state/account.ts';

interface Props {
  aircraftSn: string;
  onStats: (stats: PlayerStats) => void;
}

export function MainCamera({ aircraftSn, onStats }: Props) {
  const { t } = useTranslation('droneCtl');
  const workspaceId = useAccountState().workspace?.id;
  const [stream, setStream] = useState<LiveStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const query = workspaceId === undefined ? {} : { workspace_id: workspaceId };
    // Quiet: a console without video (no streams configured) just shows the empty picture.
    http.request<LiveStream[]>('GET', API.liveInfo, { query, quiet: true }).then(
      (streams) => {
        if (cancelled) return;
        setStream(streams.find((s) => s.device_sn === aircraftSn && s.online) ?? null);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [aircraftSn, workspaceId, attempt]);
  const reopen = useCallback(() => setAttempt((n) => n + 1), []);
  if (stream === null) return <div className="dc-video-empty">{t('noVideo')}</div>;
  return (
    <VideoPlayer
      url={stream.url}
      kind={stream.kind}
      size="big"
      muted
      className="dc-camera"
      onStats={onStats}
      onEnded={reopen}
    />
  );
}
