import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LiveStream } from '../../../protocol/video.ts';
import { navigateTo } from '../../app/shellApi.ts';
import { VideoPlayer } from '../../components/VideoPlayer/index.ts';
import type { PlayerStats } from '../../components/VideoPlayer/index.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { OnlineTag } from './OnlineTag.tsx';
import { tileClicks } from './tileClicks.ts';
import type { TileClicks } from './tileClicks.ts';

interface Props {
  index: number;
  stream: LiveStream | undefined;
  big: boolean;
  onClose: () => void;
  onToggleBig: () => void;
  onEnded: () => void;
}

const AIRCRAFT_DOMAIN = 0;

const onFullScreenChange = (listener: () => void): (() => void) => {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
};

/** Whether `el` is the element shown full screen now. */
function useFullScreen(el: HTMLElement | null): boolean {
  return useSyncExternalStore(
    onFullScreenChange,
    () => el !== null && document.fullscreenElement === el,
  );
}

/** One tile of the wall: the stream, and over it name, online state, data age and measured latency. */
export function VideoTile({ index, stream, big, onClose, onToggleBig, onEnded }: Props) {
  const { t } = useTranslation('videoWall');
  const [stats, setStats] = useState<(PlayerStats & { at: number }) | null>(null);
  const live = useDeviceTelemetry(stream?.device_sn ?? '');
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const fullScreen = useFullScreen(el);
  // The latest handler, read when a click's wait is over (the owner passes a new one each render).
  const toggleBig = useRef(onToggleBig);
  useEffect(() => {
    toggleBig.current = onToggleBig;
  });
  const clicks = useRef<TileClicks | null>(null);
  useEffect(() => {
    const gestures = tileClicks(
      () => toggleBig.current(),
      () => {
        if (document.fullscreenElement) void document.exitFullscreen();
        else void el?.requestFullscreen().catch(() => undefined);
      },
    );
    clicks.current = gestures;
    return () => gestures.dispose();
  }, [el]);
  if (!stream)
    return (
      <div className="sd-video-tile is-empty" data-testid={`video-tile-${String(index)}`}>
        <span className="sd-video-tile-hint">{t('empty')}</span>
      </div>
    );
  // Each stats report (about once a second) carries its time, which keeps the data age current.
  const age = live && stats ? Math.max(0, Math.round((stats.at - live.receivedAt) / 1000)) : null;
  return (
    <div
      ref={setEl}
      className="sd-video-tile"
      data-testid={`video-tile-${String(index)}`}
      data-full-screen={fullScreen ? 'yes' : 'no'}
      role="group"
      aria-label={`${t(stream.domain === AIRCRAFT_DOMAIN ? 'aircraft' : 'dock')} ${stream.name}`}
      title={t('enlarge')}
      onClick={(e) => clicks.current?.click(e.detail)}
      onDoubleClick={() => clicks.current?.doubleClick()}
    >
      <VideoPlayer
        url={stream.url}
        kind={stream.kind}
        size={big || fullScreen ? 'big' : 'small'}
        onStats={(s) => setStats({ ...s, at: Date.now() })}
        onEnded={onEnded}
      />
      <div className="sd-video-tile-bar">
        <span className="sd-video-tile-name">{stream.name}</span>
        <OnlineTag sn={stream.device_sn} listed={stream.online} className="sd-video-tile-state" />
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
            data-testid="video-tile-cockpit"
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
