/**
 * The aircraft's main camera, full size under the HUD. The stream URL comes from `/api/liveInfo`
 * (a signed link that expires), so an ended stream fetches a fresh one; a cockpit opened while the
 * aircraft was offline looks again once the aircraft is heard from (cameraRetry.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../protocol/http.ts';
import type { LiveStream } from '../../../protocol/video.ts';
import { http } from '../../api/http.ts';
import { VideoPlayer, type PlayerStats } from '../../components/VideoPlayer/index.ts';
import { clock } from '../../lib/clock.ts';
import { useAccountState } from '../../state/account.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { shouldLookAgain } from './cameraRetry.ts';

interface Props {
  aircraftSn: string;
  onStats: (stats: PlayerStats) => void;
}

export function MainCamera({ aircraftSn, onStats }: Props) {
  const { t } = useTranslation('cockpit');
  const workspaceId = useAccountState().workspace?.id;
  const [stream, setStream] = useState<LiveStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  const askedAt = useRef(0);
  useEffect(() => {
    let cancelled = false;
    askedAt.current = clock.now();
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
  const news = useCallback(
    (heardAt: number) => {
      if (shouldLookAgain(askedAt.current, heardAt, clock.now())) reopen();
    },
    [reopen],
  );
  if (stream === null)
    return (
      <div className="dc-video-empty" data-testid="camera-empty">
        {t('noVideo')}
        <AwaitAircraft sn={aircraftSn} onNews={news} />
      </div>
    );
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

/** Renderless: reports each telemetry arrival of the aircraft while no stream plays. */
function AwaitAircraft({ sn, onNews }: { sn: string; onNews: (heardAt: number) => void }) {
  const heardAt = useDeviceTelemetry(sn)?.receivedAt ?? null;
  useEffect(() => {
    if (heardAt !== null) onNews(heardAt);
  }, [heardAt, onNews]);
  return null;
}
