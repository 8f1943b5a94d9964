import { useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LiveStream } from '../../../protocol/video.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { VideoPlayer } from '../../components/VideoPlayer/index.ts';
import type { PlayerStats } from '../../components/VideoPlayer/index.ts';
import { useDeviceTelemetry } from '../../state/fleet.ts';

interface Props {
  index: number;
  stream: LiveStream | undefined;
  big: boolean;
  onClose: () => void;
  onToggleBig: () => void;
  onEnded: () => void;
}

const AIRCRAFT_DOMAIN = 0;

/** One tile of the wall: the stream, and over it name, online state, data age and measured latency. */
export function VideoTile({ index, stream, big, onClose, onToggleBig, onEnded }: Props) {
  const { t } = useTranslation('videoSquare');
  const [stats, setStats] = useState<(PlayerStats & { at: number }) | null>(null);
  const live = useDeviceTelemetry(stream?.device_sn ?? '');
  if (!stream)
    return (
      <div className="sd-video-tile is-empty" data-testid={`video-tile-${String(index)}`}>
        <span className="sd-video-tile-hint">{t('empty')}</span>
      </div>
    );
  // Each stats report (about once a second) carries its time, which keeps the data age current.
  const age = live && stats ? Math.max(0, Math.round((stats.at - live.receivedAt) / 1000)) : null;
  const fullScreen = (el: HTMLElement) => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void el.requestFullscreen().catch(() => undefined);
  };
  return (
    <div
      className="sd-video-tile"
      data-testid={`video-tile-${String(index)}`}
      title={t('enlarge')}
      onClick={onToggleBig}
      onDoubleClick={(e) => fullScreen(e.currentTarget)}
    >
      <VideoPlayer
        url={stream.url}
        kind={stream.kind}
        size={big ? 'big' : 'small'}
        onStats={(s) => setStats({ ...s, at: Date.now() })}
        onEnded={onEnded}
      />
      <div className="sd-video-tile-bar">
        <span className="sd-video-tile-name">{stream.name}</span>
        <Tag minimal intent={stream.online ? 'success' : 'none'} className="sd-video-tile-state">
          {t(stream.online ? 'online' : 'offline')}
        </Tag>
        <span className="sd-video-tile-stats">
          <span>
            {t('dataAge', { age: age === null ? t('noData') : t('seconds', { n: age }) })}
          </span>
          {stats?.latencyMs != null && (
            <span data-testid="video-latency">{t('latency', { ms: stats.latencyMs })}</span>
          )}
          {stats && <span>{t('fps', { fps: stats.fps })}</span>}
        </span>
      </div>
      <span className="sd-video-tile-actions" onClick={(e) => e.stopPropagation()}>
        {stream.domain === AIRCRAFT_DOMAIN && (
          <Button
            size="small"
            variant="minimal"
            icon="airplane"
            title={t('cockpit')}
            aria-label={t('cockpit')}
            onClick={() => navigateTo(`/drone_ctl?sn=${encodeURIComponent(stream.device_sn)}`)}
          />
        )}
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          title={t('close')}
          aria-label={t('close')}
          data-testid="video-tile-close"
          onClick={onClose}
        />
      </span>
    </div>
  );
}
